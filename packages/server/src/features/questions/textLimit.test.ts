import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TEXT_LENGTH, MAX_TEXT_LENGTH_CEILING } from '@askbox/common';
import { loadConfig } from '../../config.js';
import { apiAs, createTestApp, signUpUser, type TestApp } from '../../test/harness.js';

/** MAX_TEXT_LENGTH (decision 317): 300 by default, as the spec says; an operator may raise it up to 2000. */
async function roundTrip(t: TestApp, length: number) {
  const [asker, owner] = [await signUpUser(t.app), await signUpUser(t.app)];
  const asked = await apiAs(t.app, asker).post(`/api/users/${owner.username}/questions`, { text: 'q'.repeat(length), isAnonymous: true });
  const id = (await apiAs(t.app, asker).post(`/api/users/${owner.username}/questions`, { text: 'short?', isAnonymous: true })).json().id as string;
  const answered = await apiAs(t.app, owner).post(`/api/questions/${id}/answer`, { answer: 'a'.repeat(length) });
  return { asked, answered };
}

describe('the text limit of questions and answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is 300 by default: 300 characters pass, 301 are refused with the 300 named, and the web app is told 300', async () => {
    expect(MAX_TEXT_LENGTH).toBe(300);
    const fits = await roundTrip(t, 300);
    expect([fits.asked.statusCode, fits.answered.statusCode]).toEqual([201, 204]);
    const over = await roundTrip(t, 301);
    expect(over.asked.statusCode).toBe(400);
    expect(over.asked.json()).toEqual({ error: { code: 'question_too_long', message: 'Question must be at most 300 characters', params: { max: 300 } } });
    expect(over.answered.json()).toEqual({ error: { code: 'answer_too_long', message: 'Answer must be at most 300 characters', params: { max: 300 } } });
    expect((await t.app.inject({ url: '/api/config' })).json().maxTextLength).toBe(300);
  });
});

describe('an instance that raised MAX_TEXT_LENGTH to 2000', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ maxTextLength: MAX_TEXT_LENGTH_CEILING });
  });
  afterAll(() => t.close());

  it('takes 2000 characters, refuses 2001 naming 2000, and tells the web app', async () => {
    const fits = await roundTrip(t, 2000);
    expect([fits.asked.statusCode, fits.answered.statusCode]).toEqual([201, 204]);
    const over = await roundTrip(t, 2001);
    expect(over.asked.json().error).toMatchObject({ code: 'question_too_long', message: 'Question must be at most 2000 characters', params: { max: 2000 } });
    expect(over.answered.json().error).toMatchObject({ code: 'answer_too_long', params: { max: 2000 } });
    expect((await t.app.inject({ url: '/api/config' })).json().maxTextLength).toBe(2000);
  });

  it('holds for a question to all followers too', async () => {
    const asker = await signUpUser(t.app);
    const toFollowers = (length: number) => apiAs(t.app, asker).post('/api/me/followers/questions', { text: 'f'.repeat(length), isAnonymous: true });
    expect((await toFollowers(2000)).statusCode).toBe(204);
    expect((await toFollowers(2001)).json().error).toMatchObject({ code: 'question_too_long', params: { max: 2000 } });
  });
});

describe('MAX_TEXT_LENGTH at config load', () => {
  it('defaults to 300, takes 300 to 2000, and refuses more (or less, or not a number)', () => {
    expect(loadConfig({}).maxTextLength).toBe(300);
    expect(loadConfig({ MAX_TEXT_LENGTH: '2000' }).maxTextLength).toBe(2000);
    expect(() => loadConfig({ MAX_TEXT_LENGTH: '2001' })).toThrow(/MAX_TEXT_LENGTH/);
    expect(() => loadConfig({ MAX_TEXT_LENGTH: '299' })).toThrow(/MAX_TEXT_LENGTH/);
    expect(() => loadConfig({ MAX_TEXT_LENGTH: 'lots' })).toThrow(/MAX_TEXT_LENGTH/);
  });
});
