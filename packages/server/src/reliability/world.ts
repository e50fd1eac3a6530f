import crypto from 'node:crypto';
import { blocks, filteredQuestions, questions, replies, users } from '../db/schema/index.js';
import type { DbOrTx } from '../db/open.js';
import { hashPassword } from '../features/auth/password.js';
import { createSession } from '../features/auth/sessions.js';

/** The people of one authorization case, each signed in with a session of their own (except `signedOut`). */
export const ROLES = ['signedOut', 'stranger', 'blockedByOwner', 'blockingOwner', 'owner', 'admin', 'moderator'] as const;
export type Role = (typeof ROLES)[number];

export interface Person {
  id: string;
  username: string;
  email: string;
  fullname: string;
  cookie: string;
}

export interface World {
  people: Record<Exclude<Role, 'signedOut'>, Person>;
  /** An answered question to the owner, sent anonymously by the stranger. */
  answeredId: string;
  /** An unanswered question to the owner, sent anonymously by the stranger. */
  unansweredId: string;
  /** A question in the owner's Filtered folder, sent anonymously by the stranger. */
  filteredId: string;
  /** A reply by the stranger under the answer (the owner has replies on). */
  replyId: string;
  /** The public id of another of the owner's sessions (one more device, in 'Your sessions'). */
  ownerOtherSessionId: string;
}

export const PASSWORD = 'violet tractor 42';
let passwordHash: Promise<string> | null = null;

/**
 * A fresh little world written straight to the database (sign-ups would hash a password per
 * person): owner, admin, a moderator, a stranger, someone the owner blocked, someone who blocked the owner.
 */
export async function makeWorld(db: DbOrTx, days = 30): Promise<World> {
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;
  const tag = crypto.randomBytes(4).toString('hex');
  const people = {} as World['people'];
  for (const role of ['owner', 'admin', 'moderator', 'stranger', 'blockedByOwner', 'blockingOwner'] as const) {
    const id = crypto.randomUUID();
    const username = `${role.slice(0, 8).toLowerCase()}_${tag}`;
    const email = `${username}@example.test`;
    const fullname = `${role} ${tag}`;
    await db.insert(users).values({
      id,
      username,
      email,
      fullname,
      passwordHash: hash,
      role: role === 'admin' || role === 'moderator' ? role : 'user',
      // the owner takes replies under their answers
      repliesEnabled: role === 'owner',
      emailVerifiedAt: new Date(),
    });
    const { token } = await createSession(db, id, days);
    people[role] = { id, username, email, fullname, cookie: `askbox_session=${token}` };
  }
  await db.insert(blocks).values([
    { blockerId: people.owner.id, blockedId: people.blockedByOwner.id },
    { blockerId: people.blockingOwner.id, blockedId: people.owner.id },
  ]);
  const answeredId = crypto.randomUUID();
  const unansweredId = crypto.randomUUID();
  const now = new Date();
  await db.insert(questions).values([
    {
      id: answeredId,
      senderId: people.stranger.id,
      receiverId: people.owner.id,
      text: 'What do you like?',
      isAnonymous: true,
      answered: true,
      answer: 'Tea.',
      answeredAt: now,
    },
    { id: unansweredId, senderId: people.stranger.id, receiverId: people.owner.id, text: 'And coffee?', isAnonymous: true },
  ]);
  const filteredId = crypto.randomUUID();
  await db
    .insert(filteredQuestions)
    .values({ id: filteredId, senderId: people.stranger.id, receiverId: people.owner.id, text: 'A spoiler?', isAnonymous: true, createdAt: now });
  const replyId = crypto.randomUUID();
  await db.insert(replies).values({ id: replyId, answerId: answeredId, authorId: people.stranger.id, text: 'Me too!' });
  const { publicId: ownerOtherSessionId } = await createSession(db, people.owner.id, days);
  return { people, answeredId, unansweredId, filteredId, replyId, ownerOtherSessionId };
}
