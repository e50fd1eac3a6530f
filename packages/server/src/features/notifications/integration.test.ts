import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushNotifications } from '../../db/schema/index.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { composedPushes, insertSubscription } from '../../test/notificationFixtures.js';

/** The side effects as the other features call them: through their real endpoints. */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUpUser(t.app, { username: 'alice_i', fullname: 'Alice I' });
  bob = await signUpUser(t.app, { username: 'bob_i', fullname: 'Bob I' });
  await insertSubscription(t.ctx.db, alice.id);
});
afterAll(() => t.close());

const outboxOf = (userId: string) => composedPushes(t.ctx.db, userId);

describe('follow through the API', () => {
  it('queues one follow record and makes the follow unread activity; unfollowing queues nothing', async () => {
    expect((await apiAs(t.app, bob).post('/api/users/alice_i/follow')).statusCode).toBeLessThan(300);
    const rows = await outboxOf(alice.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: 'New Follower 👋', body: 'Bob I (@bob_i) started following you!' });
    expect((await apiAs(t.app, alice).get('/api/me/counters')).json()).toMatchObject({ unreadActivity: 1 });
    // delivered (an unfollow before delivery would cancel it: floods.test.ts)
    await t.ctx.db.update(pushNotifications).set({ sent: true }).where(eq(pushNotifications.userId, alice.id));
    expect((await apiAs(t.app, bob).delete('/api/users/alice_i/follow')).statusCode).toBeLessThan(300);
    expect(await outboxOf(alice.id)).toHaveLength(1);
    expect((await apiAs(t.app, alice).get('/api/me/counters')).json()).toMatchObject({ unreadActivity: 0 });
  });
});
