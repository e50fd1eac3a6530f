import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signupSchema } from './auth.js';
import { errorCode, errorDetail, errorLimits, errorOfIssue, errorText, isErrorCode, type ErrorCode } from './errors.js';
import { catalogs, en, fr } from './i18n/index.js';
import { LOCALES } from './locales.js';
import { askQuestionSchema } from './questions.js';

const codes = Object.keys(en.errors) as ErrorCode[];
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('error codes', () => {
  it('every code has an English and a French text, plain placeholders only', () => {
    expect(codes.length).toBeGreaterThan(80);
    for (const code of codes) {
      for (const locale of LOCALES) {
        const text = catalogs[locale].errors[code];
        expect(typeof text === 'string' && text.trim() !== '', `${locale} ${code}`).toBe(true);
        // no plural forms or formats: the server renders these without i18next (errorText)
        expect(text, `${locale} ${code}`).not.toMatch(/\{\{\w+,/);
      }
      expect(code, code).not.toMatch(/_(one|many|other)$/);
      expect(fr.errors[code], code).not.toBe(en.errors[code]);
    }
  });

  it('a text names only limits filled in from the checks, or values the code is raised with', () => {
    for (const [code, limits] of Object.entries(errorLimits)) expect(placeholders(en.errors[code as ErrorCode]), code).toEqual(Object.keys(limits).sort());
    const raisedWithValues = codes.filter((code) => placeholders(en.errors[code]).length > 0 && !(code in errorLimits));
    expect(raisedWithValues.sort()).toEqual([
      'account_suspended_reason',
      'account_suspended_until',
      'age_confirmation_required',
      'push_endpoint_refused',
      'route_not_found',
      'username_change_too_soon',
    ]);
  });

  it('renders the English texts the API has always sent', () => {
    expect(errorText(en, errorDetail('question_too_long'))).toBe('Question must be at most 300 characters');
    expect(errorText(en, errorDetail('username_too_long'))).toBe('Username must be at most 30 characters');
    expect(errorText(en, errorDetail('password_too_short'))).toBe('Password must be at least 8 characters');
    expect(errorText(en, errorDetail('remote_blocks_full'))).toBe('You can block at most 1000 remote accounts and servers. Unblock one first.');
    expect(errorText(en, errorDetail('route_not_found', { method: 'GET', url: '/api/nope' }))).toBe('No route GET /api/nope');
    expect(errorText(en, errorDetail('username_taken'))).toBe('This username is already taken');
    expect(errorText(fr, errorDetail('bio_too_long'))).toBe('La bio doit contenir au plus 500 caractères');
  });

  it('knows its codes and nothing else', () => {
    expect(isErrorCode('username_taken')).toBe(true);
    expect(isErrorCode('This username is already taken')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(errorCode('blocked')).toBe('blocked');
  });
});

describe('schema refusals', () => {
  it('carry a code and the limits their text names', () => {
    const mismatch = signupSchema.safeParse({ email: 'a@b.test', username: 'ann', fullname: 'Ann', password: 'long enough', repeatPassword: 'other' });
    expect(errorOfIssue(mismatch.error?.issues[0])).toEqual({ code: 'passwords_mismatch' });
    const long = askQuestionSchema.safeParse({ text: 'x'.repeat(301) });
    expect(errorOfIssue(long.error?.issues[0])).toEqual({ code: 'question_too_long', params: { max: 300 } });
  });

  it('are invalid_input when the rule has no code of ours', () => {
    expect(errorOfIssue(z.string().safeParse(1).error?.issues[0])).toEqual({ code: 'invalid_input' });
    expect(errorOfIssue(undefined)).toEqual({ code: 'invalid_input' });
  });
});
