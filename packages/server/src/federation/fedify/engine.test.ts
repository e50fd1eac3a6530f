import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createTestApp, signUpUser, type TestApp } from '../../test/harness.js';
import { testFederation } from '../../test/federatedApp.js';

/** Fedify costs ~60 MB of memory: a server nobody federates with never loads it (decision 195). */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ federation: { ...testFederation, maxAttempts: 4, allowPrivateAddresses: false } });
});
afterAll(async () => t?.close());

describe('the federation engine', () => {
  it('is not loaded at start, by the app’s own requests or by an empty delivery pass; the first WebFinger lookup loads it and is answered', async () => {
    const alice = await signUpUser(t.app);
    expect((await apiAs(t.app, alice).patch('/api/me/settings', { publicProfile: true })).statusCode).toBe(200);
    expect((await apiAs(t.app, alice).get('/api/feed')).statusCode).toBe(200);
    await t.ctx.federation!.deliverNow();
    expect(t.ctx.federation!.engineLoaded()).toBe(false);

    const host = new URL(t.ctx.config.publicUrl).host;
    const lookup = await t.app.inject({ url: `/.well-known/webfinger?resource=acct:${alice.username}@${host}` });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().subject).toBe(`acct:${alice.username}@${host}`);
    expect(t.ctx.federation!.engineLoaded()).toBe(true);
  });
});
