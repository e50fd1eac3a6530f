import { protocol, type PGlite } from '@electric-sql/pglite';

/**
 * The results of our statements and the query builder's queries on PGlite, read straight from
 * the wire bytes PostgreSQL sent (decision 196). PGlite's own path copies the bytes twice and then
 * every field once more into an ArrayBuffer of its own before decoding it: a fifth of the
 * server's CPU on a feed request. Here each field is decoded in place, and the columns' parsers
 * are looked up once per result.
 */

export type Parsers = Record<number | string, (value: string, typeId?: number) => unknown>;

/** Collects what PGlite streams out of a run (each chunk is a view on WebAssembly memory: copied). */
function wireCollector(): { onRawData: (chunk: Uint8Array) => void; bytes: () => Uint8Array } {
  const chunks: Uint8Array[] = [];
  return {
    onRawData: (chunk) => chunks.push(chunk.slice()),
    bytes: () => (chunks.length === 1 ? chunks[0]! : concat(chunks)),
  };
}

/**
 * Whether a text may notify or listen: then PGlite's own parser must read its answer, the only way
 * a notification reaches PGlite's listeners (the live-event bus). Errs towards yes.
 */
export const mayNotify = (text: string): boolean => /notify|listen/i.test(text);

/** Parameters as PGlite's `query()` serializes them: by their types' serializers, else as text. */
export function serializedParameters(pglite: PGlite, values: unknown[], types: number[]): (string | null)[] {
  return values.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serializer = pglite.serializers[types[i] ?? 0];
    return serializer ? (serializer(value) as string) : String(value);
  });
}

/** Parses `text` on a PGlite database (under `name`, or as the unnamed statement); its parameters' types. */
export async function parseOnPglite(pglite: PGlite, text: string, name = ''): Promise<number[]> {
  const { serialize } = protocol;
  const message = concat([serialize.parse({ name, text, types: [] }), serialize.describe({ type: 'S', name }), serialize.sync()]);
  const { messages } = await pglite.execProtocol(message, { syncToFs: false });
  const parameters = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
  return parameters?.dataTypeIDs ?? [];
}

/** Sends `messages` to PostgreSQL in one entry (under the caller's locks) and reads the result from the wire. */
export async function exchangeOnWire<Row>(pglite: PGlite, messages: Uint8Array[], parsers: Parsers, rowMode?: 'object' | 'array'): Promise<WireResult<Row>> {
  const wire = wireCollector();
  await pglite.execProtocolRawStream(concat(messages), { syncToFs: false, onRawData: wire.onRawData });
  return resultFromWire<Row>(wire.bytes(), parsers, rowMode);
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const ROW_DESCRIPTION = 0x54; // 'T'
const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
const ERROR_RESPONSE = 0x45; // 'E'
const NOTIFICATION = 0x41; // 'A'

/** What PGlite's `query()` returns for one statement. */
export interface WireResult<Row> {
  rows: Row[];
  fields: { name: string; dataTypeID: number }[];
  /** rows inserted, updated, deleted, copied or merged */
  affectedRows: number;
  command?: string;
  rowCount?: number;
}

/** Commands whose row count PGlite adds to `affectedRows`. */
const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * The result in `bytes`: the rows of the DataRow messages, as objects keyed by the
 * RowDescription's names (or as arrays), parsed by `parsers` by type, and the command's counts,
 * as PGlite's `query()` returns them. Other messages (ParseComplete, BindComplete, notices,
 * ReadyForQuery) are skipped. An ErrorResponse is thrown as the DatabaseError PGlite itself would
 * throw. A notification cannot be handed to PGlite's listeners from here: unless PGlite's parser
 * already did (`notifications`), a statement that notifies must not be read this way (it throws).
 */
export function resultFromWire<Row>(
  bytes: Uint8Array,
  parsers: Parsers,
  rowMode: 'object' | 'array' = 'object',
  notifications: 'refuse' | 'delivered by PGlite' = 'refuse',
): WireResult<Row> {
  const wire = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const result: WireResult<Row> = { rows: [], fields: [], affectedRows: 0 };
  let names: string[] = [];
  let typeIds: number[] = [];
  let parse: (Parsers[number] | undefined)[] = [];
  let at = 0;
  while (at + 5 <= wire.length) {
    const code = wire[at]!;
    const end = at + 1 + wire.readInt32BE(at + 1);
    let p = at + 5;
    if (code === DATA_ROW) {
      const count = wire.readInt16BE(p);
      p += 2;
      const values: unknown[] = new Array(count);
      for (let i = 0; i < count; i++) {
        const length = wire.readInt32BE(p);
        p += 4;
        if (length < 0) {
          values[i] = null;
          continue;
        }
        const text = wire.toString('utf8', p, p + length);
        p += length;
        const parser = parse[i];
        values[i] = parser ? parser(text, typeIds[i]) : text;
      }
      if (rowMode === 'array') result.rows.push(values as Row);
      else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < count; i++) row[names[i]!] = values[i];
        result.rows.push(row as Row);
      }
    } else if (code === ROW_DESCRIPTION) {
      const count = wire.readInt16BE(p);
      p += 2;
      names = [];
      typeIds = [];
      for (let i = 0; i < count; i++) {
        const nameEnd = wire.indexOf(0, p);
        names.push(wire.toString('utf8', p, nameEnd));
        // table oid (4), column number (2), then the type oid
        typeIds.push(wire.readInt32BE(nameEnd + 1 + 6));
        p = nameEnd + 1 + 18;
      }
      parse = typeIds.map((typeId) => parsers[typeId]);
      result.fields = names.map((name, i) => ({ name, dataTypeID: typeIds[i]! }));
    } else if (code === COMMAND_COMPLETE) {
      const words = wire.toString('utf8', p, end - 1).split(' ');
      const count = parseInt(words[words.length - 1]!, 10);
      result.command = words[0];
      if (!Number.isNaN(count)) result.rowCount = count;
      if (WRITES.has(words[0]!) && !Number.isNaN(count)) result.affectedRows += count;
    } else if (code === ERROR_RESPONSE) {
      throw databaseError(bytes);
    } else if (code === NOTIFICATION && notifications === 'refuse') {
      throw new Error('a statement read from the wire sent a notification, which would be lost: run it through execProtocol');
    }
    at = end;
  }
  return result;
}

/** The first ErrorResponse in `bytes`, parsed by PGlite's own protocol parser (a DatabaseError with code, detail, constraint…). */
function databaseError(bytes: Uint8Array): Error {
  let error: Error | undefined;
  new protocol.Parser().parse(bytes, (message) => {
    if (!error && message instanceof protocol.messages.DatabaseError) error = message;
  });
  return error ?? new Error('PGlite sent an error message that could not be read');
}
