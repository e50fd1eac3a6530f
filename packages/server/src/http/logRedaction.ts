import { stdSerializers } from 'pino';

/**
 * What the server's logs never carry: cookies, bearer tokens, passwords, password
 * hashes, email addresses, tokens and the client's address. A failed query's error repeats its SQL parameters (drizzle:
 * "Failed query: ... params: ..."), which may hold any of them; the error serializer removes
 * the parameters and masks anything shaped like an email, a hash or a session token left in text.
 */
export const redactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  // nobody's address sits in the logs beside the page they asked for (a visitor's question to whom, and when)
  'req.remoteAddress',
  'req.remotePort',
  'req.headers["x-forwarded-for"]',
  'req.headers["x-real-ip"]',
  'req.headers.forwarded',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.password_hash',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.email',
  '*.params',
];

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const SCRYPT_HASH = /scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+/g;
const LONG_TOKEN = /\b[A-Za-z0-9_-]{40,}\b/g;
const PARAMS = /\bparams: [\s\S]*$/;

/** Masks secrets in one line of text (an error message, a stack). */
export function scrubSecrets(text: string): string {
  return text.replace(PARAMS, 'params: [redacted]').replace(SCRYPT_HASH, '[hash]').replace(EMAIL, '[email]').replace(LONG_TOKEN, '[token]');
}

type SerializedError = ReturnType<typeof stdSerializers.err> & Record<string, unknown>;

/** pino's error serializer, then the secrets scrubbed from every text it kept (its causes included). */
export function redactedErrorSerializer(error: Error): SerializedError {
  const serialized = stdSerializers.err(error) as SerializedError;
  return scrubObject(serialized, 0, Object.getPrototypeOf(serialized)) as SerializedError;
}

/** `serializedError`: the prototype pino gives a serialized error, its causes' included. */
function scrubObject(value: unknown, depth: number, serializedError: unknown): unknown {
  if (typeof value === 'string') return scrubSecrets(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrubObject(item, depth + 1, serializedError));
  // an error's data is plain: an object of a class hung on it (pg-pool's `err.client`, a socket) is
  // the thing that failed, kilobytes of its state and secrets (a connection's secretKey); name it only
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null && prototype !== serializedError) return `[${(value as object).constructor?.name ?? 'object'}]`;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value))
    out[key] = /^(params|parameters|query)$/.test(key) ? '[redacted]' : scrubObject(item, depth + 1, serializedError);
  return out;
}
