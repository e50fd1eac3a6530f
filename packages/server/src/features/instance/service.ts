import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { AdminAnnouncement, Announcement, AnnouncementValues, InstancePage, InstancePageSlug, Locale } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { announcementDismissals, announcements, instancePages } from '../../db/schema/index.js';
import { recordAudit } from '../moderation/service.js';
import { auditExcerpt } from './auditExcerpt.js';
import { defaultPages } from './defaults.js';
import { listItemsOf, renderMarkdown } from './markdown.js';

/** The admin acting, as the audit log names them. */
type Admin = { id: string; username: string };

/** A page as written by an admin, or its default text in `locale`. */
export async function instancePage(db: DbOrTx, slug: InstancePageSlug, locale: Locale): Promise<InstancePage> {
  const [row] = await db.select().from(instancePages).where(eq(instancePages.slug, slug));
  const markdown = row?.markdown ?? defaultPages[locale][slug];
  return { slug, markdown, html: renderMarkdown(markdown), isDefault: !row, updatedAt: row?.updatedAt.toISOString() ?? null };
}

/** Writes a page; blank Markdown gives the default text back. */
export async function saveInstancePage(ctx: AppContext, admin: Admin, slug: InstancePageSlug, markdown: string, locale: Locale): Promise<InstancePage> {
  await ctx.db.transaction(async (tx) => {
    if (markdown.trim() === '') {
      await tx.delete(instancePages).where(eq(instancePages.slug, slug));
    } else {
      const now = ctx.clock.now();
      await tx
        .insert(instancePages)
        .values({ slug, markdown, updatedAt: now, updatedBy: admin.id })
        .onConflictDoUpdate({ target: instancePages.slug, set: { markdown, updatedAt: now, updatedBy: admin.id } });
    }
    await recordAudit(tx, admin, {
      action: 'page_edited',
      targetKind: 'instance',
      target: 'instance',
      detail: markdown.trim() === '' ? `${slug}: (default)` : slug,
    });
  });
  return instancePage(ctx.db, slug, locale);
}

/**
 * The rules a report may name: the top-level list items of the Rules page once an admin wrote it.
 * With the default text there are none, and reporting is the spec's four reasons.
 */
export async function instanceRules(db: DbOrTx): Promise<string[]> {
  const [row] = await db.select({ markdown: instancePages.markdown }).from(instancePages).where(eq(instancePages.slug, 'rules'));
  return row ? listItemsOf(row.markdown) : [];
}

/** The banner for `userId` now: the latest one whose window holds now, unless they closed it. */
export async function currentAnnouncement(ctx: AppContext, userId: string, locale: Locale): Promise<Announcement | null> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select()
    .from(announcements)
    .where(
      and(
        lte(announcements.startsAt, now),
        or(isNull(announcements.endsAt), gt(announcements.endsAt, now)),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(announcementDismissals)
            .where(and(eq(announcementDismissals.announcementId, announcements.id), eq(announcementDismissals.userId, userId))),
        ),
      ),
    )
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(1);
  if (!row) return null;
  const french = locale === 'fr' && row.textFr !== '';
  return { id: row.id, text: french ? row.textFr : row.textEn, locale: french ? 'fr' : 'en' };
}

/** Remembered on the server: closed on one device, closed on all. Closing twice changes nothing. */
export async function dismissAnnouncement(db: DbOrTx, userId: string, announcementId: string): Promise<void> {
  const [exists] = await db.select({ id: announcements.id }).from(announcements).where(eq(announcements.id, announcementId));
  if (!exists) return;
  await db.insert(announcementDismissals).values({ userId, announcementId }).onConflictDoNothing();
}

export async function latestAnnouncement(db: DbOrTx): Promise<AdminAnnouncement['announcement']> {
  const [row] = await db.select().from(announcements).orderBy(desc(announcements.createdAt), desc(announcements.id)).limit(1);
  if (!row) return null;
  return { id: row.id, textEn: row.textEn, textFr: row.textFr, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt?.toISOString() ?? null };
}

/** A new banner each time (a new id): everyone sees it again, even who closed the previous one. */
export async function scheduleAnnouncement(ctx: AppContext, admin: Admin, input: AnnouncementValues): Promise<AdminAnnouncement['announcement']> {
  await ctx.db.transaction(async (tx) => {
    await tx.insert(announcements).values({
      id: crypto.randomUUID(),
      textEn: input.textEn,
      textFr: input.textFr,
      startsAt: new Date(input.startsAt),
      endsAt: input.endsAt === null ? null : new Date(input.endsAt),
      createdAt: ctx.clock.now(),
      createdBy: admin.id,
    });
    await recordAudit(tx, admin, { action: 'announcement_scheduled', targetKind: 'instance', target: 'instance', detail: auditExcerpt(input.textEn) });
  });
  return latestAnnouncement(ctx.db);
}

/** Ends the banners still showing or to come, now. Audited only when one was: ending nothing changes nothing. */
export async function endAnnouncements(ctx: AppContext, admin: Admin): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const ended = await tx
      .update(announcements)
      .set({ endsAt: now })
      .where(or(isNull(announcements.endsAt), gt(announcements.endsAt, now)))
      .returning({ textEn: announcements.textEn, createdAt: announcements.createdAt });
    const latest = ended.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    if (latest) await recordAudit(tx, admin, { action: 'announcement_ended', targetKind: 'instance', target: 'instance', detail: auditExcerpt(latest.textEn) });
  });
}
