import { afterEach, describe, expect, it } from 'vitest';
import { en } from '@askbox/common';
import { setLocale } from '../i18n';
import { errorFromResponse, errorMessage } from './client';

afterEach(() => setLocale('en'));

describe('errorFromResponse', () => {
  const body = { error: { code: 'rate_limited', message: en.errors.rate_limited } };

  it('says when to try again from Retry-After', () => {
    expect(errorFromResponse(429, body, '840').message).toBe('Too many attempts. Try again in 14 minutes.');
    expect(errorFromResponse(429, body, '60').message).toBe('Too many attempts. Try again in 1 minute.');
    expect(errorFromResponse(429, body, '20').message).toBe('Too many attempts. Try again in 20 seconds.');
  });

  it("shows the code's text without a usable Retry-After, and for other statuses", () => {
    expect(errorFromResponse(429, body, null).message).toBe(en.errors.rate_limited);
    expect(errorFromResponse(429, body, 'Wed, 21 Oct 2026 07:28:00 GMT').message).toBe(en.errors.rate_limited);
    expect(errorFromResponse(400, { error: { code: 'self_follow', message: 'Worded otherwise' } }, '30').message).toBe(en.errors.self_follow);
  });

  it('translates by code with the values the text names, never by the English message', async () => {
    await setLocale('fr');
    const tooLong = errorFromResponse(400, { error: { code: 'question_too_long', message: 'Question must be at most 300 characters', params: { max: 300 } } });
    expect(tooLong.code).toBe('question_too_long');
    expect(errorMessage(tooLong)).toBe('La question doit contenir au plus 300 caractères');
  });

  it('takes a body without a known code (a proxy page, a newer server) as something gone wrong', () => {
    expect(errorFromResponse(502, undefined).code).toBe('internal');
    expect(errorFromResponse(400, { error: { code: 'from_a_newer_server', message: 'New' } }).message).toBe(en.somethingWentWrong);
  });
});
