/**
 * Timestamps leave PostgreSQL as text (both drivers are told not to parse them) and become the
 * API's ISO-8601 here, in JS: formatting with to_char in SQL ran on every candidate row below a
 * sort, before the LIMIT. Display times carry milliseconds (like Date#toISOString); cursors keep
 * PostgreSQL's microseconds, so rows written in the same millisecond never repeat or vanish
 * between pages.
 */

// what timestamptz looks like as text (DateStyle ISO): 2024-05-06 09:08:09.123456+02, offsets ±HH[:MM[:SS]]
const PG_TIMESTAMPTZ = /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?(?:([+-])(\d\d)(?::?(\d\d))?(?::?(\d\d))?|Z)?$/;

export type TimePrecision = 'ms' | 'us';

/** A timestamptz as PostgreSQL prints it (or a Date) → UTC ISO-8601 with milliseconds or microseconds. */
export function isoFromPg(value: string | Date, precision: TimePrecision = 'ms'): string {
  if (value instanceof Date) return precision === 'ms' ? value.toISOString() : value.toISOString().replace('Z', '000Z');
  const m = PG_TIMESTAMPTZ.exec(value);
  if (!m) throw new Error(`not a PostgreSQL timestamp: ${value}`);
  const [, year, month, day, hour, minute, second, fraction = '', sign, offH = '00', offM = '00', offS = '00'] = m;
  const micros = fraction.padEnd(6, '0');
  const digits = precision === 'ms' ? micros.slice(0, 3) : micros;
  if (!sign || (offH === '00' && offM === '00' && offS === '00')) return `${year}-${month}-${day}T${hour}:${minute}:${second}.${digits}Z`;
  const offsetMs = (sign === '-' ? -1 : 1) * (Number(offH) * 3600 + Number(offM) * 60 + Number(offS)) * 1000;
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)) - offsetMs;
  return `${new Date(utc).toISOString().slice(0, 19)}.${digits}Z`;
}

/** The same for a column that may be null (e.g. answered_at of an unanswered question). */
export function isoFromPgOrNull(value: string | Date | null | undefined, precision: TimePrecision = 'ms'): string | null {
  return value === null || value === undefined ? null : isoFromPg(value, precision);
}
