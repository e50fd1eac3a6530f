/**
 * The one place user text is judged: which characters are refused, what counts as
 * blank, and how length is counted. The server's schemas, its HTTP-layer check and the web
 * counters all read these, so a text the counter accepts is a text the server accepts. A zod-free
 * module: the web's counters import it on the first screens (decision 147); the schemas built on
 * it are in text.ts.
 */

/** C0 controls except tab, newline and carriage return, plus DEL: PostgreSQL refuses NUL, and none has a use in a post. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** One-line values (ids, usernames, query words, path segments): no control character at all. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F]/;

/** Characters that show nothing: whitespace, zero-width and joiners, bidi marks, fillers, variation selectors, tags. */
const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class -- single invisible code points (joiners, variation selectors), each matched alone
  /[\s\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0\u{1D173}-\u{1D17A}\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/gu;

/** Whether `value` holds a character Askbox refuses in multi-line text (posts, bios). */
export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline === false ? CONTROL_IN_LINE : CONTROL_IN_TEXT).test(value);
}

/** True when nothing visible is left: empty, spaces, or only zero-width and other invisible characters. */
export function isBlankText(value: string): boolean {
  return value.replace(INVISIBLE, '') === '';
}

/** Length as people count it and as every limit of Askbox is measured: Unicode code points (an emoji is 1). */
export function textLength(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/** `value` cut to at most `max` code points (never in the middle of a surrogate pair). */
export function clampText(value: string, max: number): string {
  return textLength(value) <= max ? value : Array.from(value).slice(0, max).join('');
}
