import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../config.js';
import { apiAs, createTestApp, signUpUser, type TestApp } from '../test/harness.js';

/** The web app asks for remote followers and remote blocks only where the server federates (decision 208). */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('/api/config tells the web app whether the server federates', () => {
  it.each([true, false])('federation %s', async (enabled) => {
    t = await createTestApp({ federation: { ...testConfig().federation, enabled } });
    expect((await t.app.inject({ url: '/api/config' })).json().federation).toBe(enabled);
    const alice = await signUpUser(t.app);
    // the routes the web app then leaves alone exist exactly when it says so
    expect((await apiAs(t.app, alice).get('/api/me/remote-blocks')).statusCode).toBe(enabled ? 200 : 404);
    expect((await apiAs(t.app, alice).get(`/api/users/${alice.username}/remote-followers`)).statusCode).toBe(enabled ? 200 : 404);
  });
});
