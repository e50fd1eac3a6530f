import { z } from 'zod';
import { errorCode, type ErrorCode } from './errors.js';
import { hasControlCharacters, isBlankText, textLength } from './textRules.js';

export { clampText, hasControlCharacters, isBlankText, textLength } from './textRules.js';

/**
 * User text: refuses control characters, trims, and checks blank and length by the rules above.
 * `required`: the code for blank text (invisible-only included); without it blank is allowed.
 */
export function userText(options: { max: number; tooLong: ErrorCode; required?: ErrorCode; multiline?: boolean }) {
  const { max, tooLong, required, multiline = true } = options;
  return z
    .string(required ? { error: required } : undefined)
    .refine((value) => !hasControlCharacters(value, { multiline }), { message: errorCode('invalid_characters'), abort: true })
    .trim()
    .refine((value) => !required || !isBlankText(value), { message: required ?? '', abort: true })
    .refine((value) => textLength(value) <= max, { message: tooLong, params: { max } });
}

/** A one-line value from a path or query (ids, usernames, cursors, search words): bounded, no control characters. */
export function lineText(max: number) {
  return z
    .string()
    .max(max)
    .refine((value) => !hasControlCharacters(value, { multiline: false }), { message: errorCode('invalid_characters') });
}
