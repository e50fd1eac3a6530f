import { fediverseServerNameSchema } from '@askbox/common';
import type { AppContext } from '../context.js';
import { blockFediverseServer, fediverseServerBlocks, unblockFediverseServer } from '../features/fediverseBlocks/service.js';
import { CliError, type CliIo } from './io.js';

function serverName(domain: string | undefined): string {
  const parsed = fediverseServerNameSchema.safeParse(domain ?? '');
  if (!parsed.success) throw new CliError('Give a server name such as spam.example. See "npm run cli -- help".', 2);
  return parsed.data;
}

/** The same service as the admin API, written to the audit log as the command line's. */
export async function blockServer(ctx: AppContext, io: CliIo, domain: string | undefined, reason: string[]): Promise<void> {
  const name = serverName(domain);
  const changed = await blockFediverseServer(ctx.db, 'cli', name, reason.join(' ').trim());
  io.out(changed ? `${name} is blocked: nothing it sends is handled, nothing is delivered to it.` : `${name} was already blocked.`);
}

export async function unblockServer(ctx: AppContext, io: CliIo, domain: string | undefined): Promise<void> {
  const name = serverName(domain);
  io.out((await unblockFediverseServer(ctx.db, 'cli', name)) ? `${name} is no longer blocked.` : `${name} was not blocked.`);
}

export async function listBlockedServers(ctx: AppContext, io: CliIo): Promise<void> {
  const { items } = await fediverseServerBlocks(ctx.db);
  for (const block of items) io.out(`${block.createdAt}  ${block.domain}${block.reason ? `  (${block.reason})` : ''}`);
  io.out(items.length === 0 ? 'No blocked servers.' : `${items.length} blocked server${items.length === 1 ? '' : 's'}.`);
}
