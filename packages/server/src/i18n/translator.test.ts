import { describe, expect, it } from 'vitest';
import { translatorFor } from './translator.js';

describe('server translator', () => {
  it('speaks the recipient language, with interpolation and plurals', () => {
    expect(translatorFor('en')('pushBodyFollow', { fullname: 'Ann', username: 'ann' })).toBe('Ann (@ann) started following you!');
    expect(translatorFor('fr')('pushBodyFollow', { fullname: 'Ann', username: 'ann' })).toBe('Ann (@ann) a commencé à vous suivre\u202f!');
    expect(translatorFor('fr')('profilePictureOf', { fullname: 'Émile' })).toBe('Photo de profil d’Émile');
    expect(translatorFor('fr')('email.digest.questions', { count: 1 })).toBe('1 nouvelle question');
    expect(translatorFor('fr')('email.digest.questions', { count: 3 })).toBe('3 nouvelles questions');
    expect(translatorFor('fr')('email.digest.questions', { count: 1_000_000 })).toBe('1000000 nouvelles questions');
  });

  it('never escapes HTML (push payloads are JSON, emails escape in their layout)', () => {
    expect(translatorFor('en')('pushBodyLike', { fullname: 'A & B', answer: '<b>' })).toBe('A & B liked your answer: "<b>"');
  });

  it('falls back to English for an unknown or missing locale', () => {
    expect(translatorFor(null)('pushTitleLike')).toBe('New Like ❤️');
    expect(translatorFor('de')('pushTitleLike')).toBe('New Like ❤️');
  });
});
