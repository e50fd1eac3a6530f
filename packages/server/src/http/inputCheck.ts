import type { FastifyInstance } from 'fastify';
import { hasControlCharacters } from '@askbox/common';
import { AppError } from '../errors.js';

/**
 * Control characters never reach a handler: PostgreSQL refuses a NUL in text with an
 * error that used to surface as a 500, and nothing Askbox stores has a use for them. This runs
 * for every route there is or will be, before its schema: the decoded path and query allow none,
 * a JSON body allows tab and line breaks in its strings (posts have paragraphs) and nothing else.
 * The shared zod text schemas (`userText`, `lineText` in common) say the same with the field's name.
 */
export function installInputCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const url = request.url;
    // cheap test first: only a request with a percent sign or a raw control character can carry one
    if (!url.includes('%') && !hasControlCharacters(url, { multiline: false })) return;
    let decoded: string;
    try {
      decoded = decodeURIComponent(url);
    } catch {
      throw new AppError('invalid_url');
    }
    if (hasControlCharacters(decoded, { multiline: false })) throw new AppError('invalid_characters_in_address');
  });
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && request.body !== null && hasBadString(request.body, 0)) {
      throw new AppError('invalid_characters_in_request');
    }
  });
}

/** Walks a parsed JSON body (keys and string values); bodies are bounded by bodyLimit, depth by 64. */
function hasBadString(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return hasControlCharacters(value);
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => hasBadString(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (hasControlCharacters(key) || hasBadString(item, depth + 1)) return true;
  }
  return false;
}
