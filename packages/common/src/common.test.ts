import { describe, expect, it } from 'vitest';
import { badgeText, normalizeUsername, relativeTime, splitMentions, activityWindowStart } from './index.js';

describe('normalizeUsername', () => {
  it('strips other characters and lowercases as the user types', () => {
    expect(normalizeUsername('Jean-Luc Picard!')).toBe('jeanlucpicard');
    expect(normalizeUsername('A_b9')).toBe('a_b9');
    expect(normalizeUsername('émile')).toBe('mile');
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  it.each([
    ['2026-01-10T11:59:30Z', 'just now'],
    ['2026-01-10T11:58:59Z', '1m ago'],
    ['2026-01-10T10:00:00Z', '2h ago'],
    ['2026-01-07T12:00:00Z', '3d ago'],
  ])('%s → %s', (iso, expected) => expect(relativeTime(iso, now)).toBe(expected));
});

describe('splitMentions', () => {
  it('finds @mentions but not emails', () => {
    expect(splitMentions('hi @Bob_1, mail me at a@b.c')).toEqual([
      { kind: 'text', text: 'hi ' },
      { kind: 'mention', username: 'bob_1', text: '@Bob_1' },
      { kind: 'text', text: ', mail me at a@b.c' },
    ]);
    expect(splitMentions('@alice')).toEqual([{ kind: 'mention', username: 'alice', text: '@alice' }]);
  });

  it.each([
    [
      'see https://example.org/a.',
      [
        { kind: 'text', text: 'see ' },
        { kind: 'link', href: 'https://example.org/a', text: 'example.org/a' },
        { kind: 'text', text: '.' },
      ],
    ],
    [
      '(http://www.example.org/)',
      [
        { kind: 'text', text: '(' },
        { kind: 'link', href: 'http://www.example.org/', text: 'example.org' },
        { kind: 'text', text: ')' },
      ],
    ],
    [
      'https://en.wikipedia.org/wiki/Foo_(bar)!',
      [
        { kind: 'link', href: 'https://en.wikipedia.org/wiki/Foo_(bar)', text: 'en.wikipedia.org/wiki/Foo_(bar)' },
        { kind: 'text', text: '!' },
      ],
    ],
    [
      'me: https://mastodon.social/@bob and @carol',
      [
        { kind: 'text', text: 'me: ' },
        { kind: 'link', href: 'https://mastodon.social/@bob', text: 'mastodon.social/@bob' },
        { kind: 'text', text: ' and ' },
        { kind: 'mention', username: 'carol', text: '@carol' },
      ],
    ],
    [
      'https://example.org/a/very/long/path/that/goes/on?and=on',
      [{ kind: 'link', href: 'https://example.org/a/very/long/path/that/goes/on?and=on', text: 'example.org/a/very/long/path/th…' }],
    ],
    ['javascript:alert(1) ftp://x.org http://. http://x', [{ kind: 'text', text: 'javascript:alert(1) ftp://x.org http://. http://x' }]],
  ] as const)('links %s', (text, expected) => expect(splitMentions(text)).toEqual(expected));
});

describe('badgeText and activity window', () => {
  it('caps at 99+', () => {
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
  it('starts the window at midnight 7 days ago', () => {
    const start = activityWindowStart(7, new Date(2026, 0, 10, 15, 30));
    expect(start).toEqual(new Date(2026, 0, 3, 0, 0, 0, 0));
  });
});
