import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isReservedUsername, USERNAME_PATTERN } from '@askbox/common';

// The web router's own table (router.tsx): every top-level page that could be read as a username
// is reserved, so no profile ever hides behind a page. A new page without its word fails.
describe('reserved usernames', () => {
  it('include the first word of every page the web app routes', () => {
    const source = fs.readFileSync(new URL('./router.tsx', import.meta.url), 'utf8');
    const words = [...source.matchAll(/path: '\/([^/':*]+)/g)].map((match) => match[1]!.toLowerCase());
    expect(words.length).toBeGreaterThan(8);
    expect(words.filter((word) => USERNAME_PATTERN.test(word) && !isReservedUsername(word))).toEqual([]);
  });
});
