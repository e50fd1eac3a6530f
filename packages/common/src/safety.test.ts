import { describe, expect, it } from 'vitest';
import { addMutedWordSchema, findMutedWord, foldForMatching, MUTED_WORD_MAX_LENGTH, normalizeMutedWord } from './index.js';

describe('foldForMatching', () => {
  it('folds case, accents and compatibility forms', () => {
    expect(foldForMatching('Café')).toBe('cafe');
    expect(foldForMatching('ÉLAN')).toBe('elan');
    expect(foldForMatching('ｃａｆé')).toBe('cafe');
    expect(foldForMatching('İstanbul')).toBe('istanbul');
    expect(foldForMatching('Ñandú')).toBe('nandu');
  });
});

describe('findMutedWord', () => {
  it('matches whole words only, case-insensitive, accents folded both ways', () => {
    expect(findMutedWord('You are so UGLY!', ['ugly'])).toBe('ugly');
    expect(findMutedWord('what a cafe', ['café'])).toBe('café');
    expect(findMutedWord('Quel CAFÉ…', ['cafe'])).toBe('cafe');
    expect(findMutedWord('a classic question', ['ass'])).toBeNull();
    expect(findMutedWord('passé', ['pass'])).toBeNull();
    expect(findMutedWord('ugly_duck', ['ugly'])).toBeNull();
    expect(findMutedWord('ugly2', ['ugly'])).toBeNull();
  });

  it('is Unicode-aware: letters of any script are word characters', () => {
    expect(findMutedWord('Это плохо', ['плохо'])).toBe('плохо');
    expect(findMutedWord('Этоплохо', ['плохо'])).toBeNull();
    expect(findMutedWord('ça va, Σοφία?', ['σοφια'])).toBe('σοφια');
    expect(findMutedWord('数字は😀です', ['😀'])).toBe('😀');
  });

  it('matches phrases across any run of spaces and treats regex characters literally', () => {
    expect(findMutedWord('you   are\tdumb', ['are dumb'])).toBe('are dumb');
    expect(findMutedWord('c++ rocks', ['c++'])).toBe('c++');
    expect(findMutedWord('abc', ['a.c'])).toBeNull();
  });

  // [text, muted word, caught?]: what people write to slip past a filter, and what must stay clear of it
  it.each([
    ['you are a l0ser', 'loser', true],
    ['sp01ler ahead', 'spoiler', true],
    ['what a h3ll', 'hell', true],
    ['b4d day', 'bad', true],
    ['you @ss', 'ass', true],
    ['what an a$$', 'ass', true],
    ['5tupid', 'stupid', true],
    ['so uuuugly', 'ugly', true],
    ['loooooser', 'loser', true],
    ['LOOO0SER!!', 'loser', true],
    ['1diot', 'idiot', true],
    ['ki11 it', 'kill', true],
    ['no hot takes', 'h0t', true],
    ['Spoilers for the finale', 'spoiler', true],
    ['it was spoiled', 'spoil', true],
    ['stop spoiling it', 'spoil', true],
    ['two losses', 'loss', true],
    ['Quels SPOILERS', 'spoiler', true],
    ['a classic question', 'ass', false],
    ['as you wish', 'ass', false],
    ['oh my god', 'good', false],
    ['hello there', 'hell', false],
    ['passé', 'pass', false],
    ['lick', 'ick', false],
    ['ugly2', 'ugly', false],
    ['spoilerx', 'spoiler', false],
    ['iick', 'lick', false],
  ])('%j with %j muted: caught %s', (text, word, caught) => {
    expect(findMutedWord(text, [word])).toBe(caught ? word : null);
  });

  it('finds nothing in an empty list', () => {
    expect(findMutedWord('anything', [])).toBeNull();
  });
});

describe('muted word schema', () => {
  it('normalises and validates with clear messages', () => {
    expect(normalizeMutedWord('  Bad   Word ')).toBe('bad word');
    expect(addMutedWordSchema.parse({ word: ' Café ' })).toEqual({ word: 'café' });
    const blank = addMutedWordSchema.safeParse({ word: '   ' });
    expect(blank.success || blank.error.issues[0]!.message).toBe('muted_word_required');
    const long = addMutedWordSchema.safeParse({ word: 'x'.repeat(MUTED_WORD_MAX_LENGTH + 1) });
    expect(long.success || long.error.issues[0]!.message).toBe('muted_word_too_long');
    expect(addMutedWordSchema.safeParse({ word: 'x'.repeat(MUTED_WORD_MAX_LENGTH) }).success).toBe(true);
    expect(addMutedWordSchema.safeParse({ word: 'ok', extra: 1 }).success).toBe(false);
  });
});
