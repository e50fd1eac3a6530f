import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open.js';
import { queryRows } from '../../db/sql.js';

/** The host name of an http(s) URL, lower case, without port; null when it does not parse. */
export function hostOf(uri: string): string | null {
  try {
    return new URL(uri).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/**
 * Whether the operator blocked the server of `uri` for the whole instance
 * (features/fediverseBlocks): its own name or any parent domain listed, so a block of
 * `spam.example` covers `a.spam.example` too. An address that does not parse counts as blocked.
 */
export async function isServerBlocked(db: DbOrTx, uri: string): Promise<boolean> {
  const host = hostOf(uri);
  if (!host) return true;
  const labels = host.split('.');
  const candidates = labels.map((_, i) => labels.slice(i).join('.'));
  const rows = await queryRows<{ domain: string }>(
    db,
    sql`select domain from federation_domain_blocks where domain in (${sql.join(
      candidates.map((c) => sql`${c}`),
      sql`, `,
    )}) limit 1`,
  );
  return rows.length > 0;
}
