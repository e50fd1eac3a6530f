import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFollow } from '../../test/fixtures.js';
import { apiAs, createTestApp, signUpUser, type TestApp } from '../../test/harness.js';
import { rawResponse } from '../../test/observation.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('anonymity', () => {
  it('never returns the sender of an anonymous question, in any response the receiver, followers or profile visitors get', async () => {
    const sender = await signUpUser(t.app, { username: 'secret_sender', fullname: 'Very Secret Person' });
    const [receiver, follower] = [await signUpUser(t.app), await signUpUser(t.app)];
    await insertFollow(t.ctx.db, follower.id, receiver.id);
    await insertFollow(t.ctx.db, sender.id, receiver.id);

    const responses: string[] = [];
    const record = async (res: Parameters<typeof rawResponse>[0]) => {
      expect(res.statusCode).toBeLessThan(300);
      // headers too: a side channel need not be in the body
      responses.push(rawResponse(res));
      return res;
    };
    const asked = await record(await apiAs(t.app, sender).post(`/api/users/${receiver.username}/questions`, { text: 'Who am I? @someone' }));
    const id = JSON.parse(asked.body).id as string;
    responses.length = 0; // the sender may see their own id in their own response; check everyone else's

    await record(await apiAs(t.app, receiver).get('/api/me/inbox'));
    await record(await apiAs(t.app, receiver).post(`/api/questions/${id}/answer`, { answer: 'Nobody knows' }));
    for (const viewer of [receiver, follower, sender]) {
      await record(await apiAs(t.app, viewer).get('/api/feed'));
      await record(await apiAs(t.app, viewer).get(`/api/users/${receiver.username}/answers`));
      await record(await apiAs(t.app, viewer).post(`/api/answers/${id}/like`));
      await record(await apiAs(t.app, viewer).get(`/api/feed/new-count?since=${new Date(0).toISOString()}`));
    }
    expect(responses.length).toBeGreaterThan(10);
    expect(responses.some((body) => body.includes('Nobody knows'))).toBe(true);
    for (const body of responses) {
      expect(body).not.toContain(sender.id);
      expect(body).not.toContain('secret_sender');
      expect(body).not.toContain('Very Secret Person');
      expect(body).not.toContain(sender.email);
    }
  });
});
