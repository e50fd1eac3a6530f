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
