import { eq, inArray } from 'drizzle-orm';
import { REGISTRATION_MODES, type InstanceSettings, type RegistrationMode } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { appSettings } from '../../db/schema/index.js';

const MODE_KEY = 'registrations';
const DOMAINS_KEY = 'email_domain_blocks';

/** What the Instance screen stored; absent until an admin saves it once. */
async function storedSettings(db: DbOrTx): Promise<{ mode?: RegistrationMode; domains?: string[] }> {
  const rows = await db
    .select()
    .from(appSettings)
    .where(inArray(appSettings.key, [MODE_KEY, DOMAINS_KEY]));
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  const mode = value(MODE_KEY);
  const domains = value(DOMAINS_KEY);
  return {
    mode: REGISTRATION_MODES.includes(mode as RegistrationMode) ? (mode as RegistrationMode) : undefined,
    domains: Array.isArray(domains) ? domains.filter((d): d is string => typeof d === 'string') : undefined,
  };
}

/**
 * The sign-up mode in force: the Instance screen's choice once an admin saved one, else
 * REGISTRATIONS (decision 280). Read on each sign-up, so every app instance follows a change at once.
 */
export async function registrationMode(ctx: AppContext): Promise<RegistrationMode> {
  return (await storedSettings(ctx.db)).mode ?? ctx.config.registrations;
}

/** The operator's blocked domains: EMAIL_DOMAIN_BLOCKS and the Instance screen's list, together. */
export async function operatorDomainBlocks(ctx: AppContext): Promise<string[]> {
  return [...new Set([...ctx.config.emailDomainBlocks, ...((await storedSettings(ctx.db)).domains ?? [])])];
}

/** The Instance screen's values: the mode in force, and the screen's own list (the env's stays in the env). */
export async function instanceSettings(ctx: AppContext): Promise<InstanceSettings> {
  const stored = await storedSettings(ctx.db);
  return { registrations: stored.mode ?? ctx.config.registrations, emailDomainBlocks: stored.domains ?? [] };
}

export async function saveInstanceSettings(ctx: AppContext, settings: InstanceSettings): Promise<InstanceSettings> {
  const domains = [...new Set(settings.emailDomainBlocks)].sort();
  await ctx.db.transaction(async (tx) => {
    for (const [key, value] of [
      [MODE_KEY, settings.registrations],
      [DOMAINS_KEY, domains],
    ] as const) {
      await tx.delete(appSettings).where(eq(appSettings.key, key));
      await tx.insert(appSettings).values({ key, value, updatedAt: ctx.clock.now() });
    }
  });
  return { registrations: settings.registrations, emailDomainBlocks: domains };
}
