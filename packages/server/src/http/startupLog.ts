import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { PrettyLogStream, resolveLogFormat } from './logFormat.js';
import { redactedErrorSerializer, redactPaths } from './logRedaction.js';

/**
 * The log of the start before the HTTP app exists (waiting for the database, migrating), in the
 * same format and with the same redaction as the app's own.
 */
export function startupLog(config: Config): FastifyBaseLogger {
  const options = { level: config.logLevel, redact: { paths: redactPaths, censor: '[redacted]' }, serializers: { err: redactedErrorSerializer } };
  const pretty = resolveLogFormat(config.logFormat) === 'pretty' && config.logLevel !== 'silent';
  return pretty ? pino(options, new PrettyLogStream()) : pino(options);
}
