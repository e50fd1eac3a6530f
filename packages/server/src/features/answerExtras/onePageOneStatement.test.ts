import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { listenToStatementRuns } from '../../db/statements.js';
import { insertFollow } from '../../test/fixtures.js';
import { apiAs, createTestApp, signUpUser, type TestApp } from '../../test/harness.js';
import { profileAnswersPage } from '../answers/service.js';
import { feedPage } from '../feed/service.js';

/**
 * A page of the home feed is one statement to the database, and a profile's page the same statements
 * as for plain answers, however its answers are dressed: content warnings, pictures with alt text and
 * pins are read with the answers, not one lookup per answer.
 */
let t: TestApp;
// the statements of the read under test only: the app's workers (the like-count fold, the outboxes)
// query the same database meanwhile, from contexts of their own
const recording = new AsyncLocalStorage<string[]>();
const record = (text: string) => recording.getStore()?.push(text);
beforeAll(async () => {
  t = await createTestApp();
  // what the server's code sends: its prepared statements, and the query builder's queries on the driver
  const driver = (t.database.kind === 'pglite' ? t.database.pglite : t.database.pool) as unknown as { query: (...args: unknown[]) => unknown };
  const query = driver.query.bind(driver);
  driver.query = (...args: unknown[]) => {
    record(String(typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text));
    return query(...args);
  };
  listenToStatementRuns((statement) => record(statement.text));
});
afterAll(async () => {
  listenToStatementRuns(null);
  await t.close();
});

async function statementsOf(read: () => Promise<unknown>): Promise<number> {
  const seen: string[] = [];
  await recording.run(seen, read);
  // a prepared statement run on the driver is seen twice (as run, then as the driver's query): count it once
  return new Set(seen).size;
}

it('reads a feed page and a profile page in one statement each, with warnings, pictures and pins', async () => {
  const [owner, follower, asker] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
  await insertFollow(t.ctx.db, follower.id, owner.id);
  const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .toBuffer();
  for (let i = 0; i < 6; i += 1) {
    const id = (await apiAs(t.app, asker).post(`/api/users/${owner.username}/questions`, { text: `Question ${i}?`, isAnonymous: i % 2 === 0 })).json()
      .id as string;
    const body: Record<string, unknown> = { answer: `Answer ${i}.` };
    if (i % 2 === 0) body.contentWarning = `Warning ${i}`;
    if (i % 3 === 0) {
      const boundary = '----one-statement';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
        picture,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const upload = await t.app.inject({
        method: 'POST',
        url: `/api/questions/${id}/picture`,
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: owner.cookie },
      });
      expect(upload.statusCode, upload.body).toBeLessThan(300);
      body.picture = { alt: `A red square ${i}` };
    }
    expect((await apiAs(t.app, owner).post(`/api/questions/${id}/answer`, body)).statusCode).toBe(204);
    if (i < 2) expect((await apiAs(t.app, owner).put(`/api/answers/${id}/pin`)).statusCode).toBe(204);
  }

  const feed = await feedPage(t.ctx.db, follower.id, {});
  expect(feed.items).toHaveLength(6);
  expect(feed.items.filter((a) => a.picture).length).toBe(2);
  expect(feed.items.filter((a) => a.contentWarning).length).toBe(3);
  expect(await statementsOf(() => feedPage(t.ctx.db, follower.id, {}))).toBe(1);
  // a profile page checks blocks between the two people, then reads the page: the same two statements as
  // for someone whose answers are plain text
  const plainOwner = await signUpUser(t.app);
  for (let i = 0; i < 6; i += 1) {
    const id = (await apiAs(t.app, asker).post(`/api/users/${plainOwner.username}/questions`, { text: `Plain ${i}?`, isAnonymous: false })).json().id as string;
    expect((await apiAs(t.app, plainOwner).post(`/api/questions/${id}/answer`, { answer: `Plain answer ${i}.` })).statusCode).toBe(204);
  }
  const plain = await statementsOf(() => profileAnswersPage(t.ctx.db, follower.id, plainOwner.id));
  expect(plain).toBe(2);
  expect(await statementsOf(() => profileAnswersPage(t.ctx.db, follower.id, owner.id))).toBe(plain);
});
