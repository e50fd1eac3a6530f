import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { AddPromptInput, AdminPrompt, Locale, PromptList } from '@askbox/common';
import { addPromptSchema } from '@askbox/common';
import { BUILT_IN_PROMPTS } from '@askbox/common/prompts/builtin';
import type { AppContext } from '../../context.js';
import { prompts } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { recordAudit, type AuditActor } from '../moderation/service.js';

/** Today's date in UTC, YYYY-MM-DD: the day a question of the day is offered. */
const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * Ideas of questions for an asker: today's question of the day first (when an admin set one for
 * today in this language), then the built-in prompts and the admin's. Nothing here reaches an inbox.
 */
export async function promptsFor(ctx: AppContext, locale: Locale): Promise<PromptList> {
  const rows = await ctx.db.select().from(prompts).where(eq(prompts.locale, locale)).orderBy(asc(prompts.createdAt), asc(prompts.id));
  const today = utcDay(ctx.clock.now());
  const ofToday = rows.filter((row) => row.day === today).at(-1);
  const added = rows.filter((row) => row.day === null).map((row) => row.text);
  const list = [...BUILT_IN_PROMPTS[locale], ...added];
  return { questionOfTheDay: ofToday?.text ?? null, prompts: ofToday ? [ofToday.text, ...list] : list };
}

const adminView = (row: typeof prompts.$inferSelect): AdminPrompt => ({
  id: row.id,
  locale: row.locale,
  text: row.text,
  day: row.day,
  createdAt: row.createdAt.toISOString(),
});

/** Every prompt admins added, questions of the day included, oldest first. */
export async function adminPrompts(ctx: AppContext): Promise<AdminPrompt[]> {
  const rows = await ctx.db.select().from(prompts).orderBy(asc(prompts.createdAt), asc(prompts.id));
  return rows.map(adminView);
}

export async function addPrompt(ctx: AppContext, admin: { id: string; username: string }, input: AddPromptInput): Promise<AdminPrompt> {
  const values = addPromptSchema.parse(input);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(prompts)
      .values({ id: crypto.randomUUID(), locale: values.locale, text: values.text, day: values.day, createdAt: ctx.clock.now(), createdBy: admin.id })
      .returning();
    const detail = `${values.locale}${values.day ? ` ${values.day}` : ''}: ${values.text}`;
    await recordAudit(tx, admin, { action: 'prompt_added', targetKind: 'instance', target: 'instance', detail });
    return adminView(row!);
  });
}

export async function removePrompt(ctx: AppContext, admin: AuditActor, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(prompts).where(eq(prompts.id, id)).returning();
    if (!row) throw new AppError('not_found');
    await recordAudit(tx, admin, { action: 'prompt_removed', targetKind: 'instance', target: 'instance', detail: `${row.locale}: ${row.text}` });
  });
}
