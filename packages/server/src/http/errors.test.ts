import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en, isErrorCode } from '@askbox/common';
import { apiAs, createTestApp, signUpUser, type TestApp } from '../test/harness.js';
import { httpStatusOf } from './errors.js';

/** Every refusal leaves as `{ error: { code, message, params? } }`: the code, its English text, the values it names. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the error body', () => {
  it("is a service's refusal with its code's status and English text", async () => {
    const alice = await signUpUser(t.app);
    const response = await apiAs(t.app, alice).post(`/api/users/${alice.username}/follow`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'self_follow', message: en.errors.self_follow } });
  });

  it("is a schema's refusal with its code and the limit its text names", async () => {
    const alice = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    const response = await apiAs(t.app, alice).post(`/api/users/${bob.username}/questions`, { text: 'x'.repeat(301), isAnonymous: false });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'question_too_long', message: 'Question must be at most 300 characters', params: { max: 300 } } });
  });

  it('is invalid_input for a schema rule without a code of its own', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.test', password: 7 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'invalid_input', message: en.errors.invalid_input } });
  });

  it("is bad_request with the framework's status and description for a body it cannot read", async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{oops' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('bad_request');
    expect(isErrorCode(response.json().error.code)).toBe(true);
  });

  it('gives each kind of refusal its status', () => {
    expect([httpStatusOf('unauthorized'), httpStatusOf('admin_only'), httpStatusOf('user_not_found'), httpStatusOf('username_taken')]).toEqual([
      401, 403, 404, 409,
    ]);
    expect([httpStatusOf('rate_limited'), httpStatusOf('file_too_large'), httpStatusOf('internal'), httpStatusOf('email_required')]).toEqual([
      429, 413, 500, 400,
    ]);
  });
});
