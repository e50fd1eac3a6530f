import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { httpStatusOf } from '../http/errors.js';
import { openTestDatabase } from '../test/harness.js';
import { beforeCursor, decodeCursor, encodeCursor, toPage } from './pagination.js';
import type { DroppableDatabase } from './throwaway.js';
import { queryRows } from './sql.js';

let database: DroppableDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.drop());

describe('keyset cursors', () => {
  it('decode what they encode, microseconds included', () => {
    const cursor = { at: '2024-05-06T07:08:09.123456Z', id: 'q-1|with-bar' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(decodeCursor(undefined)).toBeNull();
    expect(decodeCursor('')).toBeNull();
  });

  it('refuse anything that is not one of ours with a 400', () => {
    const errorOf = (raw: string) => {
      try {
        decodeCursor(raw);
        return null;
      } catch (error) {
        return error;
      }
    };
    for (const raw of ['garbage', encodeCursor({ at: 'yesterday', id: 'x' }), Buffer.from('2024-05-06T07:08:09Z|').toString('base64url')]) {
      const error = errorOf(raw);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'invalid_cursor' });
      expect(httpStatusOf((error as AppError).code)).toBe(400);
    }
  });

  it('toPage keeps `size` rows and points the next cursor at the last one, only when more exist', () => {
    const rows = [1, 2, 3].map((n) => ({ id: `id${n}`, at: `2024-01-0${n} 00:00:00.000001+00` }));
    const full = toPage(rows, 2, (r) => r.at);
    expect(full.rows.map((r) => r.id)).toEqual(['id1', 'id2']);
    expect(decodeCursor(full.nextCursor!)).toEqual({ at: '2024-01-02T00:00:00.000001Z', id: 'id2' });
    expect(toPage(rows, 3, (r) => r.at)).toEqual({ rows, nextCursor: null });
  });
});

describe('cursor conditions', () => {
  it('beforeCursor compares (time, id) as one row value, and is true on the first page', async () => {
    const cursor = { at: '2024-05-06T07:08:09.123456Z', id: 'm' };
    const at = sql`'2024-05-06T07:08:09.123456Z'::timestamptz`;
    const [row] = await queryRows<{ first: boolean; older: boolean; sameTimeLowerId: boolean; sameTimeHigherId: boolean; later: boolean }>(
      database.db,
      sql`select ${beforeCursor(at, sql`'z'::text`, null)} as first,
                 ${beforeCursor(sql`${at} - interval '1 microsecond'`, sql`'z'::text`, cursor)} as older,
                 ${beforeCursor(at, sql`'a'::text`, cursor)} as "sameTimeLowerId",
                 ${beforeCursor(at, sql`'z'::text`, cursor)} as "sameTimeHigherId",
                 ${beforeCursor(sql`${at} + interval '1 microsecond'`, sql`'a'::text`, cursor)} as later`,
    );
    expect(row).toEqual({ first: true, older: true, sameTimeLowerId: true, sameTimeHigherId: false, later: false });
  });
});
