import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createTestApp, signUpUser, type TestApp } from '../../test/harness.js';
import { eventually, openEventStream } from '../../test/notificationFixtures.js';

/** The inbox control settings as a new account has them. */
const INBOX_CONTROL_DEFAULTS = { inboxPaused: false, inboxPausedUntil: null, whoMayAsk: 'everyone', whoMayAskMinDays: 7 };
// answers sent to the fediverse carry their question as the content warning unless turned off (decision 301)
const FEDIVERSE_DEFAULTS = { questionAsContentWarning: true };
// people without an account ask only whom they are let ask (features/visitors)
const VISITOR_DEFAULTS = { visitorQuestions: false };
// muted-word questions are dropped unless the Filtered folder is turned on (decision 310)
const FILTERED_DEFAULTS = { keepFilteredQuestions: false, followerQuestions: true };
/** Replies follow the public profile until chosen (decision 358): off with the default private profile. */
const REPLIES_DEFAULTS = { repliesEnabled: false, whoMayReply: 'everyone' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('account settings', () => {
  it("reach the user's other open apps at once: a 'settings' live event to them, to no one else", async () => {
    const [alice, bob] = [await signUpUser(t.app), await signUpUser(t.app)];
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const [aliceTab, bobTab] = [openEventStream(`${url}/api/events`, alice.cookie), openEventStream(`${url}/api/events`, bob.cookie)];
    await Promise.all([aliceTab.ready, bobTab.ready]);
    expect((await apiAs(t.app, alice).patch('/api/me/settings', { theme: 'dark' })).statusCode).toBe(200);
    await eventually(() => aliceTab.events.some((e) => e.type === 'settings'), "alice's 'settings' event");
    expect(aliceTab.events.map((e) => e.type)).toEqual(['settings']);
    expect(bobTab.events).toEqual([]);
    aliceTab.close();
    bobTab.close();
  });

  it('start with the defaults and keep what a PATCH changes', async () => {
    const alice = await signUpUser(t.app);
    const as = apiAs(t.app, alice);
    expect((await as.get('/api/me/settings')).json()).toEqual({
      locale: null,
      theme: 'system',
      emailNotifications: 'off',
      publicProfile: false,
      refuseAnonymousQuestions: false,
      ...INBOX_CONTROL_DEFAULTS,
      ...FEDIVERSE_DEFAULTS,
      ...VISITOR_DEFAULTS,
      ...FILTERED_DEFAULTS,
      ...REPLIES_DEFAULTS,
    });

    const changed = await as.patch('/api/me/settings', { locale: 'fr' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      locale: 'fr',
      theme: 'system',
      emailNotifications: 'off',
      publicProfile: false,
      refuseAnonymousQuestions: false,
      ...INBOX_CONTROL_DEFAULTS,
      ...FEDIVERSE_DEFAULTS,
      ...VISITOR_DEFAULTS,
      ...FILTERED_DEFAULTS,
      ...REPLIES_DEFAULTS,
    });
    expect((await as.get('/api/me/settings')).json()).toEqual({
      locale: 'fr',
      theme: 'system',
      emailNotifications: 'off',
      publicProfile: false,
      refuseAnonymousQuestions: false,
      ...INBOX_CONTROL_DEFAULTS,
      ...FEDIVERSE_DEFAULTS,
      ...VISITOR_DEFAULTS,
      ...FILTERED_DEFAULTS,
      ...REPLIES_DEFAULTS,
    });

    // an empty PATCH changes nothing; null goes back to following the browser
    expect((await as.patch('/api/me/settings', {})).json()).toEqual({
      locale: 'fr',
      theme: 'system',
      emailNotifications: 'off',
      publicProfile: false,
      refuseAnonymousQuestions: false,
      ...INBOX_CONTROL_DEFAULTS,
      ...FEDIVERSE_DEFAULTS,
      ...VISITOR_DEFAULTS,
      ...FILTERED_DEFAULTS,
      ...REPLIES_DEFAULTS,
    });
    expect((await as.patch('/api/me/settings', { locale: null })).json()).toEqual({
      locale: null,
      theme: 'system',
      emailNotifications: 'off',
      publicProfile: false,
      refuseAnonymousQuestions: false,
      ...INBOX_CONTROL_DEFAULTS,
      ...FEDIVERSE_DEFAULTS,
      ...VISITOR_DEFAULTS,
      ...FILTERED_DEFAULTS,
      ...REPLIES_DEFAULTS,
    });

    // the theme: system by default, or pinned light or dark (decision 121)
    expect((await as.patch('/api/me/settings', { theme: 'dark' })).json()).toMatchObject({ theme: 'dark' });
    expect((await as.get('/api/me/settings')).json()).toMatchObject({ theme: 'dark' });
    expect((await as.patch('/api/me/settings', { theme: 'sepia' })).statusCode).toBe(400);
    expect((await as.patch('/api/me/settings', { theme: null })).statusCode).toBe(400);
  });

  it('are private to their owner', async () => {
    const alice = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    await apiAs(t.app, alice).patch('/api/me/settings', { locale: 'fr' });
    expect((await apiAs(t.app, bob).get('/api/me/settings')).json()).toEqual({
      locale: null,
      theme: 'system',
      emailNotifications: 'off',
      publicProfile: false,
      refuseAnonymousQuestions: false,
      ...INBOX_CONTROL_DEFAULTS,
      ...FEDIVERSE_DEFAULTS,
      ...VISITOR_DEFAULTS,
      ...FILTERED_DEFAULTS,
      ...REPLIES_DEFAULTS,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/me/settings' })).statusCode).toBe(401);
  });

  it("keep 'Public profile' off until its owner turns it on, and off again", async () => {
    const alice = await signUpUser(t.app);
    const as = apiAs(t.app, alice);
    expect((await as.get('/api/me/settings')).json().publicProfile).toBe(false);
    expect((await as.patch('/api/me/settings', { publicProfile: true, refuseAnonymousQuestions: false, ...INBOX_CONTROL_DEFAULTS })).json()).toEqual({
      locale: null,
      theme: 'system',
      emailNotifications: 'off',
      publicProfile: true,
      refuseAnonymousQuestions: false,
      ...INBOX_CONTROL_DEFAULTS,
      ...FEDIVERSE_DEFAULTS,
      ...VISITOR_DEFAULTS,
      ...FILTERED_DEFAULTS,
      // until chosen, replies follow the public profile
      ...REPLIES_DEFAULTS,
      repliesEnabled: true,
    });
    expect((await as.patch('/api/me/settings', { locale: 'fr' })).json()).toEqual({
      locale: 'fr',
      theme: 'system',
      emailNotifications: 'off',
      publicProfile: true,
      refuseAnonymousQuestions: false,
      ...INBOX_CONTROL_DEFAULTS,
      ...FEDIVERSE_DEFAULTS,
      ...VISITOR_DEFAULTS,
      ...FILTERED_DEFAULTS,
      // until chosen, replies follow the public profile
      ...REPLIES_DEFAULTS,
      repliesEnabled: true,
    });
    expect((await as.patch('/api/me/settings', { publicProfile: false, refuseAnonymousQuestions: false, ...INBOX_CONTROL_DEFAULTS })).json()).toEqual({
      locale: 'fr',
      theme: 'system',
      emailNotifications: 'off',
      publicProfile: false,
      refuseAnonymousQuestions: false,
      ...INBOX_CONTROL_DEFAULTS,
      ...FEDIVERSE_DEFAULTS,
      ...VISITOR_DEFAULTS,
      ...FILTERED_DEFAULTS,
      ...REPLIES_DEFAULTS,
    });
    expect((await as.patch('/api/me/settings', { publicProfile: 'yes' })).statusCode).toBe(400);
  });

  it('refuse unknown fields and values with a 400', async () => {
    const alice = await signUpUser(t.app);
    const as = apiAs(t.app, alice);
    expect((await as.patch('/api/me/settings', { locale: 'de' })).statusCode).toBe(400);
    expect((await as.patch('/api/me/settings', { isAdmin: true })).statusCode).toBe(400);
    expect((await as.get('/api/me/settings')).json()).toEqual({
      locale: null,
      theme: 'system',
      emailNotifications: 'off',
      publicProfile: false,
      refuseAnonymousQuestions: false,
      ...INBOX_CONTROL_DEFAULTS,
      ...FEDIVERSE_DEFAULTS,
      ...VISITOR_DEFAULTS,
      ...FILTERED_DEFAULTS,
      ...REPLIES_DEFAULTS,
    });
  });
});
