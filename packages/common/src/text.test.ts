import { describe, expect, it } from 'vitest';
import { askQuestionSchema, clampText, en, hasControlCharacters, isBlankText, textLength, updateProfileSchema } from './index.js';

describe('the one text rule', () => {
  it('counts code points, as the server and the web counter both do', () => {
    expect(textLength('abc')).toBe(3);
    expect(textLength('😀😀')).toBe(2);
    expect('😀😀'.length).toBe(4);
    expect(clampText('😀😀😀', 2)).toBe('😀😀');
    expect(clampText('abc', 5)).toBe('abc');
  });

  it('finds text made only of invisible characters blank', () => {
    expect(isBlankText('')).toBe(true);
    expect(isBlankText(' \n\t\u00a0')).toBe(true);
    expect(isBlankText('\u200b\u200c\u200d\u2060\ufeff\u3164\u2800')).toBe(true);
    expect(isBlankText('\u200ba')).toBe(false);
    expect(isBlankText('👍')).toBe(false);
  });

  it('refuses control characters but keeps line breaks and tabs in multi-line text', () => {
    expect(hasControlCharacters('a\u0000b')).toBe(true);
    expect(hasControlCharacters('a\u007fb')).toBe(true);
    expect(hasControlCharacters('a\nb\tc\r\n')).toBe(false);
    expect(hasControlCharacters('a\nb', { multiline: false })).toBe(true);
  });

  it("is what the shared schemas apply, with the catalog's messages", () => {
    const nul = askQuestionSchema.safeParse({ text: 'a\u0000' });
    expect(nul.success).toBe(false);
    expect(nul.error?.issues[0]?.message).toBe(en.invalidCharacters);
    expect(askQuestionSchema.safeParse({ text: '\u200b\u200b' }).error?.issues[0]?.message).toBe('Question is required');
    expect(askQuestionSchema.safeParse({ text: '😀'.repeat(300) }).success).toBe(true);
    expect(updateProfileSchema.safeParse({ fullname: '\u2060', bio: '', website: '' }).error?.issues[0]?.message).toBe('Full name is required');
  });
});
