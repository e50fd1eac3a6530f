import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite runs PostgreSQL as one process, without the autovacuum launcher: left alone, the
 * embedded database is never vacuumed nor analyzed. Dead rows (unlikes, unfollows, counter
 * updates) pile up, index-only scans read the table because no page is marked all-visible, and
 * the planner plans without statistics (decision 192). This pass does autovacuum's job with
 * autovacuum's own thresholds, read from the database's settings. It runs between requests
 * (PGlite runs one statement at a time), so it only touches the tables that are due.
 */

export interface MaintenanceStep {
  table: string;
  action: 'vacuum analyze' | 'analyze';
  ms: number;
}

const threshold = (base: string, scale: string) => `(current_setting('${base}')::float8 + current_setting('${scale}')::float8 * greatest(c.reltuples, 0))`;

/** The tables autovacuum would now vacuum or analyze, with their names quoted. */
const dueTables = `
  select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as "table",
         s.n_dead_tup > ${threshold('autovacuum_vacuum_threshold', 'autovacuum_vacuum_scale_factor')}
           or s.n_ins_since_vacuum > ${threshold('autovacuum_vacuum_insert_threshold', 'autovacuum_vacuum_insert_scale_factor')} as vacuum,
         c.reltuples < 0
           or s.n_mod_since_analyze > ${threshold('autovacuum_analyze_threshold', 'autovacuum_analyze_scale_factor')} as analyze
  from pg_stat_user_tables s
  join pg_class c on c.oid = s.relid
  order by s.relname`;

/** Vacuums and analyzes the tables that are due; what it did. */
export async function maintainPglite(pglite: PGlite): Promise<MaintenanceStep[]> {
  const { rows } = await pglite.query<{ table: string; vacuum: boolean; analyze: boolean }>(dueTables);
  const steps: MaintenanceStep[] = [];
  for (const due of rows) {
    if (!due.vacuum && !due.analyze) continue;
    const action = due.vacuum ? 'vacuum analyze' : 'analyze';
    const started = performance.now();
    // VACUUM cannot run inside a transaction: exec sends it as a simple query of its own
    await pglite.exec(`${action} ${due.table}`);
    steps.push({ table: due.table, action, ms: Math.round(performance.now() - started) });
  }
  return steps;
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Runs `maintainPglite` every `everyMs` (the first time `everyMs` after start) until stopped. */
export function startPgliteMaintenance(pglite: PGlite, log: Logger, everyMs = 60_000): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      running = maintainPglite(pglite)
        .then((steps) => {
          for (const step of steps) log.info(step, 'embedded database maintenance');
        })
        .catch((error: unknown) => log.warn({ err: error }, 'embedded database maintenance failed'))
        .finally(() => {
          if (!stopped) schedule();
        });
    }, everyMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
