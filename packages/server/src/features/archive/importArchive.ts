import crypto from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AccountImport } from '@askbox/common';
import type { AppContext } from '../../context.js';
import { accountImports, questions } from '../../db/schema/index.js';
import { pgErrorOf } from '../../db/pgError.js';
import { queryRows } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { createStorage } from '../../storage/index.js';
import { storeArchivedPicture } from '../../storage/pictures.js';
import { insertImportedAnswer, type StoredPicture } from '../asking/pipeline.js';
import { checkPictures, unpackArchive } from './format.js';

type ImportRow = typeof accountImports.$inferSelect;

/** A job row as Settings shows it. */
export function importView(row: ImportRow): AccountImport {
  return {
    id: row.id,
    status: row.status,
    itemsTotal: row.itemsTotal,
    itemsDone: row.itemsDone,
    added: row.added,
    error: row.error,
    following: row.following,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

/**
 * Takes an uploaded archive (decision 374): every refusal (too large, newer version, malformed) is
 * given now, before anything is kept; then the file waits in `account_imports` for the worker.
 * One import at a time per account (`import_in_progress`).
 */
export async function startImport(ctx: AppContext, userId: string, bytes: Buffer): Promise<AccountImport> {
  const unpacked = await unpackArchive(bytes);
  checkPictures(unpacked);
  try {
    const [row] = await ctx.db
      .insert(accountImports)
      .values({ id: crypto.randomUUID(), userId, archive: bytes, itemsTotal: unpacked.document.answers.length, following: unpacked.document.following })
      .returning();
    return importView(row!);
  } catch (error) {
    if (pgErrorOf(error).constraint === 'account_imports_one_open') throw new AppError('import_in_progress');
    throw error;
  }
}

/** The account's latest import, or null: what Settings shows after a reload. */
export async function latestImport(ctx: AppContext, userId: string): Promise<AccountImport | null> {
  const [row] = await ctx.db.select().from(accountImports).where(eq(accountImports.userId, userId)).orderBy(desc(accountImports.createdAt)).limit(1);
  return row ? importView(row) : null;
}

/**
 * The id an imported answer gets here: the same for the same account, source and answer, so a
 * second import of the same archive (or a resumed one) finds it instead of adding it again.
 */
export function importedQuestionId(userId: string, sourceInstance: string, answerId: string): string {
  const hex = crypto.createHash('sha256').update(`${userId}\n${sourceInstance}\n${answerId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The time in an imported picture's storage key: from the answer's id, so storing it again overwrites the same files. */
const pictureKeyTime = (questionId: string) =>
  new Date(1_000_000_000_000 + (parseInt(crypto.createHash('sha256').update(questionId).digest('hex').slice(0, 12), 16) % 1_000_000_000_000));

/** How long a worker's claim on a job lasts without progress; each answer added renews it. */
export const IMPORT_LEASE_SECONDS = 60;
/** Answers one pass adds before it lets go of its job (other accounts' imports take turns). */
export const IMPORT_ITEMS_PER_PASS = 200;
/** A job whose worker died this many times is given up (something in the archive breaks the worker). */
const MAX_ATTEMPTS = 5;

/**
 * One pass of the import worker: claims the oldest open job whose lease has passed (a job whose
 * worker stopped, with the server, is taken up again where it stopped), adds up to `maxItems`
 * answers, each in its own transaction with the job's progress, and ends the job after its last.
 * Returns how many jobs it worked on (0 or 1).
 */
export async function runImportPass(ctx: AppContext, maxItems = IMPORT_ITEMS_PER_PASS): Promise<number> {
  const [job] = await queryRows<{ id: string }>(
    ctx.db,
    sql`update account_imports
    set status = case when attempts >= ${MAX_ATTEMPTS} then 'failed' else 'running' end,
      error = case when attempts >= ${MAX_ATTEMPTS} then 'internal' end,
      finished_at = case when attempts >= ${MAX_ATTEMPTS} then now() end,
      archive = case when attempts >= ${MAX_ATTEMPTS} then null else archive end,
      attempts = attempts + 1, claimed_until = now() + make_interval(secs => ${IMPORT_LEASE_SECONDS})
    where id = (select id from account_imports where status in ('queued', 'running') and (claimed_until is null or claimed_until < now())
      order by created_at limit 1 for update skip locked)
    returning id`,
  );
  if (!job) return 0;
  const [row] = await ctx.db.select().from(accountImports).where(eq(accountImports.id, job.id));
  if (!row || row.status !== 'running' || !row.archive) return 1;
  await continueImport(ctx, row, row.archive, maxItems);
  return 1;
}

async function continueImport(ctx: AppContext, row: ImportRow, archive: Uint8Array, maxItems: number): Promise<void> {
  const { document, pictures } = await unpackArchive(archive);
  const storage = createStorage(ctx.config);
  const end = Math.min(document.answers.length, row.itemsDone + maxItems);
  for (let index = row.itemsDone; index < end; index += 1) {
    const answer = document.answers[index]!;
    const id = importedQuestionId(row.userId, document.source.instance, answer.id);
    const [exists] = await ctx.db.select({ id: questions.id }).from(questions).where(eq(questions.id, id));
    let picture: StoredPicture | null = null;
    try {
      if (!exists && answer.picture)
        picture = await storeArchivedPicture(storage, row.userId, 'answer', pictures.get(answer.picture.path)!, pictureKeyTime(id));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return finish(ctx, row.id, 'failed', error.code);
    }
    const moved = await ctx.db
      .transaction(async (tx) => {
        const added = exists ? false : await insertImportedAnswer(tx, row.userId, id, answer, picture);
        const [progress] = await tx
          .update(accountImports)
          .set({
            itemsDone: index + 1,
            added: sql`${accountImports.added} + ${added ? 1 : 0}`,
            claimedUntil: sql`now() + make_interval(secs => ${IMPORT_LEASE_SECONDS})`,
          })
          // another worker took the job over (this one was too slow): its progress stands, this answer is undone
          .where(and(eq(accountImports.id, row.id), eq(accountImports.itemsDone, index)))
          .returning({ id: accountImports.id });
        if (!progress) tx.rollback();
        return true;
      })
      .catch((error: unknown) => (isRollback(error) ? false : Promise.reject(error)));
    if (!moved) return;
  }
  if (end === document.answers.length) await finish(ctx, row.id, 'done', null);
  // more to do: let go, so the next pass (this worker's or another's) goes on at once
  else await ctx.db.update(accountImports).set({ claimedUntil: null, attempts: 0 }).where(eq(accountImports.id, row.id));
}

const isRollback = (error: unknown) => (error as { name?: string }).name === 'TransactionRollbackError';

async function finish(ctx: AppContext, jobId: string, status: 'done' | 'failed', error: string | null): Promise<void> {
  await ctx.db
    .update(accountImports)
    .set({ status, error, archive: null, claimedUntil: null, finishedAt: sql`now()` })
    .where(eq(accountImports.id, jobId));
}
