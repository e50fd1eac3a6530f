import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ARCHIVE_DOCUMENT, ARCHIVE_FORMAT, ARCHIVE_VERSION, type ArchiveDocument } from '@askbox/common';
import type { AppContext } from '../../context.js';
import { follows, questions, remoteQuestions, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { apUris } from '../../federation/uris.js';
import { createStorage, type MediaStorage } from '../../storage/index.js';
import type { ArchiveFile } from './format.js';

const sender = alias(users, 'sender');

/** `@name@host` on this instance: how another server names one of our accounts. */
const handleHere = (ctx: AppContext, username: string) => `@${username}@${new URL(ctx.config.publicUrl).host}`;

/**
 * The account's archive (decision 373, docs/archive-format.md): `archive.json` and the pictures it
 * names. An anonymous or global question's sender is never joined, so nothing in the file (no id,
 * no name, no time but the question's own, no order) depends on who sent it: answers are in the
 * order of their answer time, then their own id. A named asker is text (name and handle).
 */
export async function buildArchive(ctx: AppContext, userId: string): Promise<{ files: ArchiveFile[]; exportedAt: Date; username: string }> {
  const db = ctx.db;
  const [me] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!me) throw new AppError('not_found');
  const [answered, followed] = await Promise.all([
    db
      .select({
        q: questions,
        from: { username: sender.username, fullname: sender.fullname },
        remote: { handle: remoteQuestions.handle, name: remoteQuestions.name },
      })
      .from(questions)
      .leftJoin(sender, and(eq(sender.id, questions.senderId), eq(questions.isAnonymous, false), eq(questions.isGlobal, false)))
      .leftJoin(remoteQuestions, and(eq(remoteQuestions.questionId, questions.id), eq(questions.isAnonymous, false)))
      .where(and(eq(questions.receiverId, userId), eq(questions.answered, true)))
      .orderBy(asc(questions.answeredAt), asc(questions.id)),
    db
      .select({ id: users.id, username: users.username, fullname: users.fullname, publicProfile: users.publicProfile, at: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followeeId))
      .where(eq(follows.followerId, userId))
      .orderBy(asc(follows.createdAt), asc(users.username)),
  ]);

  const storage = createStorage(ctx.config);
  const pictures: ArchiveFile[] = [];
  const picture = async (url: string | null, path: string): Promise<string | null> => {
    const data = await readPicture(storage, url);
    if (!data) return null;
    pictures.push({ path, data });
    return path;
  };
  const exportedAt = ctx.clock.now();
  const profile = {
    username: me.username,
    fullname: me.fullname,
    bio: me.bio,
    website: me.website,
    createdAt: me.createdAt.toISOString(),
    avatar: await picture(me.photoUrl, 'pictures/avatar.jpg'),
    cover: await picture(me.coverUrl, 'pictures/cover.jpg'),
  };
  const answers: ArchiveDocument['answers'] = [];
  for (const { q, from, remote } of answered) {
    const path = await picture(q.pictureUrl, `pictures/answers/${q.id}.jpg`);
    answers.push({
      id: q.id,
      question: q.text,
      asker: from ? { name: from.fullname, handle: handleHere(ctx, from.username) } : remote ? { name: remote.name, handle: remote.handle } : null,
      askedAt: q.createdAt.toISOString(),
      answer: q.answer ?? '',
      answeredAt: (q.answeredAt ?? q.createdAt).toISOString(),
      contentWarning: q.contentWarning,
      picture: path ? { path, alt: q.pictureAlt ?? '', width: q.pictureWidth ?? 0, height: q.pictureHeight ?? 0 } : null,
    });
  }
  const document: ArchiveDocument = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exportedAt: exportedAt.toISOString(),
    source: { instance: ctx.config.publicUrl, handle: handleHere(ctx, me.username) },
    profile,
    answers,
    following: followed.map((f) => ({
      name: f.fullname,
      handle: handleHere(ctx, f.username),
      // only a public profile has an actor other servers can follow
      actorUri: ctx.config.federation.enabled && f.publicProfile ? apUris.actor(ctx.config.publicUrl, f.id) : null,
      since: f.at.toISOString(),
    })),
  };
  const json = Buffer.from(`${JSON.stringify(document, null, 2)}\n`);
  return { files: [{ path: ARCHIVE_DOCUMENT, data: json }, ...pictures], exportedAt, username: me.username };
}

/** The largest stored width of a picture of ours; null for default images, foreign URLs or a file gone. */
async function readPicture(storage: MediaStorage, url: string | null): Promise<Buffer | null> {
  const key = url ? storage.keyOf(url) : null;
  return key ? storage.get(key) : null;
}
