import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { migrateDatabase } from '../db/migrate.js';
import { openPostgres, type Database } from '../db/open.js';
import type { AppInstance } from '../http/types.js';
import { apiAs, signUpUser } from '../test/harness.js';
import { startMailCapture, type MailCapture } from '../test/mailCapture.js';
import { makeSubscriptionKeys } from '../test/notificationFixtures.js';
import { testCertificate, testPrivateKey } from '../test/tls.js';
import { sleep } from './askboxProcess.js';
import { createPrivatePostgres, type PrivatePostgres } from './privatePostgres.js';

/**
 * An SMTP relay and a push service that take longer per message than a claim's lease, two
 * instances with their workers on one outbox: a batch outlasts the lease many times over, and
 * still each email and each push goes out exactly once.
 */
const LEASE_SECONDS = 2;
const RECEIVER_DELAY_MS = 1500;
const QUESTIONS = 8;

let postgres: PrivatePostgres;
let mail: MailCapture;
let pushService: https.Server;
const pushes: string[] = [];
const databases: Database[] = [];
const apps: AppInstance[] = [];

beforeAll(async () => {
  postgres = await createPrivatePostgres();
  postgres.psql('create database slow');
  mail = await startMailCapture({ delayMs: RECEIVER_DELAY_MS });
  pushService = https.createServer({ key: testPrivateKey, cert: testCertificate }, (request, response) => {
    request.resume();
    request.on('end', () =>
      setTimeout(() => {
        pushes.push(String(request.headers.topic));
        response.writeHead(201).end();
      }, RECEIVER_DELAY_MS),
    );
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const database of databases) await database.close();
  await mail?.close();
  await new Promise((resolve) => pushService?.close(resolve));
  postgres?.remove();
});

describe('slow receivers and two workers', () => {
  it('deliver each email and each push once, though every batch outlasts the lease', async () => {
    const base = testConfig();
    const config = testConfig({
      webDistDir: '/nonexistent',
      outboxLeaseSeconds: LEASE_SECONDS,
      push: { ...base.push, worker: true, pollMs: 100, allowPrivateAddresses: true },
      email: { ...base.email, smtpUrl: mail.url, worker: true, pollMs: 100 },
    });
    for (let i = 0; i < 2; i++) {
      const database = await openPostgres(postgres.url('slow'));
      databases.push(database);
      if (i === 0) await migrateDatabase(database);
      const app = await buildApp(config, database, { pushCa: testCertificate });
      await app.ready();
      apps.push(app);
    }
    const [a, b] = apps as [AppInstance, AppInstance];
    const receiver = await signUpUser(a, { username: 'slow_receiver' });
    const asker = await signUpUser(b, { username: 'slow_asker' });
    expect((await apiAs(a, receiver).patch('/api/me/settings', { emailNotifications: 'each' })).statusCode).toBe(200);
    const port = (pushService.address() as AddressInfo).port;
    expect(
      (await apiAs(a, receiver).post('/api/push/subscriptions', { endpoint: `https://127.0.0.1:${port}/device`, keys: makeSubscriptionKeys().keys }))
        .statusCode,
    ).toBe(204);

    for (let i = 0; i < QUESTIONS; i++) {
      expect((await apiAs(i % 2 ? a : b, asker).post('/api/users/slow_receiver/questions', { text: `Slow question ${i}`, isAnonymous: true })).statusCode).toBe(
        201,
      );
    }
    // every row of both outboxes sent (each one alone takes most of a lease)
    for (;;) {
      const pending = Number(
        postgres.psql(`select (select count(*) from email_outbox where not sent) + (select count(*) from push_notifications where not sent)`, 'slow'),
      );
      if (pending === 0) break;
      await sleep(500);
    }
    // a lease or two more, for any second copy that would still be on its way
    await sleep(2 * LEASE_SECONDS * 1000 + RECEIVER_DELAY_MS);

    const messageIds = mail.messages.map((message) => message.headers['message-id']);
    expect(messageIds).toHaveLength(QUESTIONS);
    expect(new Set(messageIds).size).toBe(QUESTIONS);
    expect(pushes).toHaveLength(QUESTIONS);
    expect(new Set(pushes).size).toBe(QUESTIONS);
    console.log(
      `slow receivers: ${QUESTIONS} emails and ${QUESTIONS} pushes, each once, with ${RECEIVER_DELAY_MS} ms a message and a ${LEASE_SECONDS} s lease`,
    );
  });
});
