import { sql, type SQL } from 'drizzle-orm';
import { badRequest } from '../../http/errors.js';

/**
 * Keyset cursors `(timestamp, id)`, opaque to clients. The timestamp travels as Postgres text
 * with microseconds (see `cursorTimeSql`), so rows written with now() never repeat or vanish
 * between pages the way a millisecond JS Date would make them.
 */
export interface Cursor {
  at: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  const bar = text.indexOf('|');
  const at = text.slice(0, bar);
  const id = text.slice(bar + 1);
  if (bar < 1 || !id || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$/.test(at)) throw badRequest('Invalid cursor', 'invalid_cursor');
  return { at, id };
}

/** The column as UTC ISO text with microseconds, for the next cursor. */
export const cursorTimeSql = (column: SQL) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** `(column, id) < (cursor.at, cursor.id)`, or true on the first page. */
export function beforeCursor(column: SQL, idColumn: SQL, cursor: Cursor | null): SQL {
  if (!cursor) return sql`true`;
  return sql`(${column}, ${idColumn}) < (${cursor.at}::timestamptz, ${cursor.id})`;
}

/** Splits a LIMIT size+1 result into the page and the cursor of its last row. */
export function toPage<T extends { cursorAt: string; id: string }>(rows: T[], size: number): { rows: T[]; nextCursor: string | null } {
  const pageRows = rows.slice(0, size);
  const last = pageRows[pageRows.length - 1];
  const nextCursor = rows.length > size && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null;
  return { rows: pageRows, nextCursor };
}
