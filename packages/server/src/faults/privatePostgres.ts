import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL server of the test's own: initdb in a temporary folder, its own port, trust auth.
 * The fault tests stop, restart and kill it; the shared server on 5432 is never touched.
 */
export interface PrivatePostgres {
  url(database?: string): string;
  start(): void;
  /** `pg_ctl stop -m fast`: every connection is cut, as an operator's restart does */
  stop(): void;
  restart(): void;
  /** Runs SQL as the superuser (psql), e.g. pg_terminate_backend. */
  psql(sql: string, database?: string): string;
  remove(): void;
}

function binDir(): string {
  const versions = fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  for (const version of versions) if (fs.existsSync(`/usr/lib/postgresql/${version}/bin/initdb`)) return `/usr/lib/postgresql/${version}/bin`;
  throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-faults-pg-'));
  const data = path.join(dir, 'data');
  // PostgreSQL refuses to run as root: as root (CI, this machine), the server runs as 'postgres'
  const asOwner = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  if (asOwner.length) execFileSync('chown', ['postgres', dir]);
  const run = (command: string, args: string[]) => {
    const [file, ...rest] = [...asOwner, path.join(bin, command), ...args];
    return execFileSync(file!, rest, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off`;
  const pgCtl = (...args: string[]) => run('pg_ctl', ['-D', data, '-w', '-t', '120', '-l', path.join(dir, 'log'), '-o', options, ...args]);
  pgCtl('start');
  const postgres = {
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: () => void pgCtl('start'),
    stop: () => void pgCtl('stop', '-m', 'fast'),
    restart: () => void pgCtl('restart', '-m', 'fast'),
    psql: (sql: string, database = 'postgres') =>
      execFileSync(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-Atqc', sql], { encoding: 'utf8' }),
    remove() {
      try {
        pgCtl('stop', '-m', 'immediate');
      } catch {
        // not running
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return postgres;
}
