/**
 * Code, docs and decision records speak of the product and its code: no reference a reader of the
 * repository cannot follow — a tracker number ('issue 11'), a work session's name ('the sixteenth
 * session'), a section number of the product spec ('spec §4'). Point to a doc, the code or the
 * behaviour instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** Where the rule holds: everything written by hand. */
const SCOPE = [
  'README.md',
  '.env.example',
  '.ci',
  'docs',
  'e2e',
  'bench',
  'scripts',
  'packages/common',
  'packages/web',
  'packages/server/src',
  'eslint.config.js',
  'vitest.config.ts',
  'playwright.config.ts',
];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-previous', 'test-results', 'playwright-report', 'lighthouse-report']);
const TEXT = /(\.(ts|tsx|mts|mjs|js|css|md|html|example)|^\.ci\/run)$/;

const ORDINALS =
  'first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth';
const RULES: { name: string; pattern: RegExp }[] = [
  { name: 'a tracker number', pattern: /\bissues? #?\d+/i },
  { name: 'a spec section number', pattern: /§\s*\d/ },
  { name: "a work session's name", pattern: new RegExp(`\\b(${ORDINALS})(?: and (?:${ORDINALS}))? (?:work )?sessions?\\b|\\bsession ?\\d+\\b`, 'i') },
];

function* files(relative: string): Generator<string> {
  const full = path.join(root, relative);
  const stat = fs.statSync(full);
  if (stat.isFile()) {
    if (TEXT.test(relative)) yield relative;
    return;
  }
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    yield* files(path.join(relative, entry.name));
  }
}

describe('the house language', () => {
  const scanned = SCOPE.flatMap((entry) => [...files(entry)]);

  it('scans the folders it names', () => {
    expect(scanned.length).toBeGreaterThan(100);
    expect(scanned).toContain('docs/architecture.md');
  });

  it.each(RULES)('has no $name in code, docs or records', ({ pattern }) => {
    const found: string[] = [];
    for (const file of scanned) {
      if (file === 'scripts/house-language.test.ts') continue;
      fs.readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (pattern.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});

/**
 * One name for one thing: an answered question is an 'answer' in the web app, the common schemas
 * and the server's features, never a 'post' (a 'post' is what another server's user writes). The
 * spec's push data keeps its `postId`, and the `#post-{id}` anchor is the spec's address.
 */
describe('the names of things', () => {
  const CODE = /\.(ts|tsx)$/;
  const PLACES = ['packages/web/src', 'packages/common/src', 'packages/server/src/features'];
  /** not HTTP's POST (`api.post(…)`, the client's `post: <T>(…)`) */
  const RETIRED = /(?<![.\w])(post|posts|postId|pinnedPosts)\b(?!\s*\(|:\s*<)/;
  /** the spec's push `data` (like: likerId, likerUsername, postId, timestamp) and the readers of it */
  const SPEC_PUSH_DATA = /\bdata\.postId\b|\blikerUsername\b|\bpostId: (string|z\.|answer|row|ids?\.|push|like)/;
  /** the server's tests also speak of posts on other servers, and POST requests */
  const inScope = (file: string) => CODE.test(file) && !(file.startsWith('packages/server/') && file.endsWith('.test.ts'));
  /** Code with its comments and the contents of its strings taken out. */
  const codeOf = (line: string) =>
    line
      .replace(/\/\/.*$/, '')
      .replace(/^\s*(\/\*\*?|\*).*$/, '')
      .replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''");

  it("calls an answer an answer, not a 'post'", () => {
    const found: string[] = [];
    for (const place of PLACES) {
      for (const file of files(place)) {
        if (!inScope(file)) continue;
        fs.readFileSync(path.join(root, file), 'utf8')
          .split('\n')
          .forEach((line, i) => {
            const code = codeOf(line);
            if (RETIRED.test(code) && !SPEC_PUSH_DATA.test(code)) found.push(`${file}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(found).toEqual([]);
  });
});
