import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/open.js';
import { queryRows } from '../db/sql.js';
import { composePush, type PushRow } from '../push/compose.js';
import { follows, likes, pushSubscriptions, questions } from '../db/schema/index.js';

/** Direct inserts of the questions feature's data, for notification tests. */
export async function insertQuestion(
  db: DbOrTx,
  fields: {
    senderId: string | null;
    receiverId: string;
    text?: string;
    isAnonymous?: boolean;
    answer?: string;
    answeredAt?: Date;
    createdAt?: Date;
    isGlobal?: boolean;
  },
): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(questions).values({
    id,
    senderId: fields.senderId,
    receiverId: fields.receiverId,
    text: fields.text ?? 'What is your favourite colour?',
    isAnonymous: fields.isAnonymous ?? true,
    isGlobal: fields.isGlobal ?? false,
    answered: fields.answer !== undefined,
    answer: fields.answer ?? null,
    answeredAt: fields.answer !== undefined ? (fields.answeredAt ?? new Date()) : null,
    createdAt: fields.createdAt ?? new Date(),
  });
  return id;
}

export async function insertFollow(db: DbOrTx, followerId: string, followeeId: string, at = new Date()): Promise<void> {
  await db.insert(follows).values({ followerId, followeeId, createdAt: at }).onConflictDoNothing();
}

export async function insertLike(db: DbOrTx, userId: string, questionId: string, at = new Date()): Promise<void> {
  await db.insert(likes).values({ userId, questionId, createdAt: at }).onConflictDoNothing();
}

/** A browser-like push subscription: a P-256 key pair and an auth secret the test keeps to decrypt. */
export function makeSubscriptionKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

export async function insertSubscription(db: DbOrTx, userId: string, endpoint = `https://push.example.test/${crypto.randomUUID()}`): Promise<string> {
  const { keys } = makeSubscriptionKeys();
  await db.insert(pushSubscriptions).values({ id: crypto.randomUUID(), userId, endpoint, p256dh: keys.p256dh, auth: keys.auth });
  return endpoint;
}

/** Reads a Server-Sent Events stream and keeps the event names it received. */
export function openEventStream(url: string, cookie: string, headers: Record<string, string> = {}) {
  const events: { id: string; type: string }[] = [];
  let raw = '';
  let contentType = '';
  let ended = false;
  let request: http.ClientRequest;
  const ready = new Promise<number>((resolve, reject) => {
    request = http.get(url, { headers: { cookie, accept: 'text/event-stream', ...headers } }, (response) => {
      let buffer = '';
      contentType = String(response.headers['content-type'] ?? '');
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let split: number;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const type = /^event: (.*)$/m.exec(block)?.[1];
          const id = /^id: (.*)$/m.exec(block)?.[1] ?? '';
          if (type) events.push({ id, type });
        }
      });
      response.on('end', () => (ended = true));
      response.on('close', () => (ended = true));
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
  });
  return {
    ready,
    events,
    get ended() {
      return ended;
    },
    /** Everything received, comments (heartbeats) included. */
    get raw() {
      return raw;
    },
    get contentType() {
      return contentType;
    },
    close: () => request.destroy(),
  };
}

/** Polls until `check` is true (events travel through the database asynchronously). */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, limitMs = 5000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > limitMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const addressOf = (server: http.Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/**
 * A user's push rows with the words the worker would send now (push/compose.ts composes them at
 * send time): title and body are null for a row with nothing left to say.
 */
export async function composedPushes(db: DbOrTx, userId?: string) {
  const rows = await queryRows<PushRow & { sent: boolean; created_at: Date }>(
    db,
    sql`select * from push_notifications ${userId === undefined ? sql`` : sql`where user_id = ${userId}`} order by created_at, data->>'type', id`,
  );
  return Promise.all(
    rows.map(async (row) => {
      const text = await composePush(db, row);
      return { id: row.id, userId: row.user_id, data: row.data, sent: row.sent, title: text?.title ?? null, body: text?.body ?? null };
    }),
  );
}
