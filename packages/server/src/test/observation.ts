import { gunzipSync } from 'node:zlib';

/**
 * What the anonymity proofs compare between worlds: every byte an observer gets (status, headers,
 * body, live-event frames with their ids), after replacing only what is new in every world whoever
 * asked — random ids and clock times, by tokens in order of appearance, so a difference in count
 * or order still shows — and dropping only the one header that is the request's own time.
 */

/** Headers that are the moment of the request, nothing else (`Date`). */
const PER_REQUEST_HEADERS = new Set(['date']);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const TIME = /\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d(:?\d\d)?)/g;
const DAY = /\b\d{4}-\d\d-\d\d\b/g;
/** A page's cursor encodes its last row's time and id: decoded, so those are tokenised too. */
const CURSOR = /"nextCursor":"([A-Za-z0-9_-]+)"/g;

/**
 * A text normaliser for one world. `known` values of that world (the cast's ids, an instance's
 * generated VAPID key) are written as their name; other ids and times become tokens.
 */
export function worldNormaliser(known: Record<string, string>) {
  const tokens = new Map<string, string>();
  const plain = (text: string) =>
    Object.entries(known)
      .reduce((done, [name, value]) => done.split(value).join(`<${name}>`), text)
      .replace(UUID, (id) => {
        if (!tokens.has(id)) tokens.set(id, `<id${tokens.size}>`);
        return tokens.get(id)!;
      })
      .replace(TIME, '<time>')
      .replace(DAY, '<day>');
  return (text: string) => plain(text.replace(CURSOR, (_, cursor: string) => `"nextCursor":"<cursor ${Buffer.from(cursor, 'base64url').toString('utf8')}>"`));
}

export interface Response {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  rawPayload?: Buffer;
}

/**
 * A response as it reached the client: status, every header in order but the per-request ones, raw
 * body. A gzip file (an account archive) is read unpacked, as its reader would: its compressed
 * bytes and their length say nothing its content does not, and compared packed, a new id in it
 * would hide everything else.
 */
export function rawResponse(res: Response): string {
  const gzip = res.headers['content-type'] === 'application/gzip' && res.rawPayload !== undefined;
  const headers = Object.entries(res.headers)
    .filter(([name]) => !PER_REQUEST_HEADERS.has(name.toLowerCase()) && !(gzip && name.toLowerCase() === 'content-length'))
    .map(([name, value]) => `${name.toLowerCase()}: ${Array.isArray(value) ? value.join(', ') : String(value)}`);
  const body = gzip ? `(unpacked)\n${gunzipSync(res.rawPayload!).toString('utf8')}` : res.body;
  return `${res.statusCode}\n${headers.join('\n')}\n\n${body}`;
}
