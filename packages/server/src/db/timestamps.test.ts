import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness.js';
import { queryRows } from './sql.js';
import type { DroppableDatabase } from './throwaway.js';
import { isoFromPg, isoFromPgOrNull } from './timestamps.js';

let database: DroppableDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.drop());

describe('timestamps formatted in JS', () => {
  it('show milliseconds for display and keep microseconds for cursors, in UTC', () => {
    expect(isoFromPg('2024-05-06 07:08:09.123456+00')).toBe('2024-05-06T07:08:09.123Z');
    expect(isoFromPg('2024-05-06 07:08:09.123456+00', 'us')).toBe('2024-05-06T07:08:09.123456Z');
    expect(isoFromPg('2024-05-06 07:08:09+00', 'us')).toBe('2024-05-06T07:08:09.000000Z');
    expect(isoFromPg('2024-05-06 07:08:09.5+00')).toBe('2024-05-06T07:08:09.500Z');
  });

  it('turn any offset into UTC, across midnight and with minutes and seconds', () => {
    expect(isoFromPg('2024-05-06 01:08:09.123456+02', 'us')).toBe('2024-05-05T23:08:09.123456Z');
    expect(isoFromPg('2024-12-31 20:00:00-05')).toBe('2025-01-01T01:00:00.000Z');
    expect(isoFromPg('2024-05-06 12:30:00.25+05:30')).toBe('2024-05-06T07:00:00.250Z');
    expect(isoFromPg('1900-01-01 00:00:00+00:09:21')).toBe('1899-12-31T23:50:39.000Z');
  });

  it('accept Dates and nulls, and refuse what is not a timestamp', () => {
    expect(isoFromPg(new Date('2024-05-06T07:08:09.123Z'), 'us')).toBe('2024-05-06T07:08:09.123000Z');
    expect(isoFromPgOrNull(null)).toBeNull();
    expect(() => isoFromPg('yesterday')).toThrow();
  });

  it('agree with what the database prints, whatever its time zone', async () => {
    for (const zone of ['UTC', 'Asia/Kolkata', 'America/St_Johns', 'Pacific/Chatham']) {
      const rows = await database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local time zone '${zone}'`));
        return queryRows<{ raw: string; display: string; cursor: string }>(
          tx,
          sql`select t as raw,
                     to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as display,
                     to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor
              from (values ('2024-05-06 09:08:09.123456+02'::timestamptz), ('2023-12-31 23:59:59.999999Z'::timestamptz),
                           ('2024-03-31 02:30:00Z'::timestamptz), (now())) v(t)`,
        );
      });
      for (const row of rows) {
        expect(isoFromPg(row.raw)).toBe(row.display);
        expect(isoFromPg(row.raw, 'us')).toBe(row.cursor);
      }
    }
  });
});
