import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { follows, questions, users } from '../db/schema/index.js';
import { queryRows } from '../db/sql.js';
import { createStorage } from '../storage/index.js';
import { storeSizedPicture } from '../storage/pictures.js';
import { signUpUser, type TestApp, type TestUser } from './harness.js';

/** The time every row of a test world is made at: two worlds differ only in what a test makes differ. */
export const WORLD_TIME = new Date('2026-03-01T10:00:00.000Z');
const at = (minutes: number) => new Date(WORLD_TIME.getTime() + minutes * 60_000);

/** A small JPEG picture (the same bytes each call). */
export const testPicture = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .jpeg()
    .toBuffer();

export interface ArchiveWorld {
  owner: TestUser;
  named: TestUser;
}

/**
 * An account with answers to move: two anonymous questions (their senders given by `anonymousSenders`,
 * 'a' or 'b'), one with a picture and a content warning; a named one; a global one; one left
 * unanswered (not in an archive); and a follow. Every id and time is fixed, so two worlds built
 * with other senders differ in nothing else.
 */
export async function buildArchiveWorld(t: TestApp, anonymousSenders: ['a' | 'b', 'a' | 'b']): Promise<ArchiveWorld> {
  const person = (username: string) => signUpUser(t.app, { username, email: `${username}@example.test`, fullname: `The ${username}` });
  const owner = await person('mover');
  const senders = { a: await person('sender_a'), b: await person('sender_b') };
  const named = await person('named_asker');
  await t.ctx.db.update(users).set({ createdAt: WORLD_TIME });
  const picture = await storeSizedPicture(createStorage(t.ctx.config), owner.id, 'answer', await testPicture(), at(30));
  const answered = { answered: true, receiverId: owner.id };
  await t.ctx.db.insert(questions).values([
    {
      id: '00000000-0000-4000-8000-000000000001',
      ...answered,
      senderId: senders[anonymousSenders[0]].id,
      isAnonymous: true,
      text: 'What is your favourite film?',
      createdAt: at(1),
      answer: 'Playtime, by far.',
      answeredAt: at(31),
      contentWarning: 'film talk',
      pictureUrl: picture.url,
      pictureAlt: 'a red rectangle',
      pictureWidth: picture.width,
      pictureHeight: picture.height,
    },
    {
      id: '00000000-0000-4000-8000-000000000002',
      ...answered,
      senderId: senders[anonymousSenders[1]].id,
      isAnonymous: true,
      text: 'Tea or coffee?',
      createdAt: at(2),
      answer: 'Tea.',
      answeredAt: at(32),
    },
    {
      id: '00000000-0000-4000-8000-000000000003',
      ...answered,
      senderId: named.id,
      isAnonymous: false,
      text: 'Named: hello?',
      createdAt: at(3),
      answer: 'Hello!',
      answeredAt: at(33),
    },
    {
      id: '00000000-0000-4000-8000-000000000004',
      ...answered,
      senderId: senders.a.id,
      isGlobal: true,
      text: 'To everyone',
      createdAt: at(4),
      answer: 'Hi all',
      answeredAt: at(34),
    },
    { id: '00000000-0000-4000-8000-000000000005', receiverId: owner.id, senderId: senders.b.id, text: 'Still waiting', createdAt: at(5) },
  ]);
  await t.ctx.db.delete(follows).where(eq(follows.followerId, owner.id));
  await t.ctx.db.insert(follows).values({ followerId: owner.id, followeeId: named.id, createdAt: at(6) });
  return { owner, named };
}

/** The answers an account holds, as rows that name no id (compared across databases). */
export async function answersOf(t: TestApp, userId: string) {
  return queryRows<Record<string, unknown>>(
    t.ctx.db,
    sql`select q.text, q.answer, q.is_anonymous, q.sender_id, q.created_at, q.answered_at, q.content_warning,
        q.picture_alt, q.picture_width, q.picture_height, q.picture_url is not null as has_picture, ia.name as asker_name, ia.handle as asker_handle
      from questions q left join imported_askers ia on ia.question_id = q.id
      where q.receiver_id = ${userId} and q.answered order by q.answered_at, q.text`,
  );
}

/** Uploads an archive as Settings › Account › Import does (multipart, field 'file'). */
export function uploadArchive(t: TestApp, user: TestUser, bytes: Buffer) {
  const boundary = 'archive-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.tar.gz"\r\nContent-Type: application/gzip\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/me/imports',
    headers: { cookie: user.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}
