import { MAX_USERNAME_LENGTH } from './limits.js';

/** Lower-case letters, digits and underscore only (spec §3, §5). */
export const USERNAME_PATTERN = /^[a-z0-9_]+$/;

/** What the signup field does as the user types: strip other characters, lowercase. */
export function normalizeUsername(input: string): string {
  return input
    .replace(/[^A-Za-z0-9_]/g, '')
    .toLowerCase()
    .slice(0, MAX_USERNAME_LENGTH);
}
