import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * `cli backup` while the server runs: the embedded database can be opened by one process only, so
 * the CLI asks the running server for a snapshot with SIGUSR2 and waits for the file. PGlite dumps
 * its folder between statements (`dumpDataDir` holds its query lock): committed work is in it, and
 * a transaction still open is rolled back when the copy starts, as after a crash (decision 297).
 *
 * The server says it answers such requests in `snapshot-requests.pid`: a signal sent to a process
 * that does not (another CLI holding the folder) would end it instead.
 */
const ANSWERS = 'snapshot-requests.pid';
const SNAPSHOT = 'backup-snapshot.tar';

export const snapshotFiles = (dataDir: string) => ({
  answers: path.join(path.resolve(dataDir), ANSWERS),
  snapshot: path.join(path.resolve(dataDir), SNAPSHOT),
});

interface Log {
  info(message: string): void;
  error(details: object, message: string): void;
}

/** From now on, SIGUSR2 writes a snapshot of the database to DATA_DIR/backup-snapshot.tar; returns the stop. */
export function answerSnapshotRequests(pglite: PGlite, dataDir: string, log: Log): () => void {
  const files = snapshotFiles(dataDir);
  let writing = false;
  const onRequest = () => {
    if (writing) return;
    writing = true;
    const partial = `${files.snapshot}.partial`;
    void (async () => {
      try {
        const dump = await pglite.dumpDataDir('none');
        fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
        fs.renameSync(partial, files.snapshot);
        log.info('database snapshot written for a backup');
      } catch (error) {
        fs.rmSync(partial, { force: true });
        log.error({ err: error }, 'database snapshot for a backup failed');
      } finally {
        writing = false;
      }
    })();
  };
  process.on('SIGUSR2', onRequest);
  fs.writeFileSync(files.answers, String(process.pid));
  return () => {
    process.off('SIGUSR2', onRequest);
    fs.rmSync(files.answers, { force: true });
  };
}

/** The running server's pid if it answers snapshot requests, else null. */
export function snapshotAnswerer(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(snapshotFiles(dataDir).answers, 'utf8').trim());
    if (!Number.isInteger(pid) || pid <= 0) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** Asks the server `pid` for a snapshot and waits for it; the file's path. */
export async function requestSnapshot(dataDir: string, pid: number, limitMs = 120_000): Promise<string> {
  const { snapshot } = snapshotFiles(dataDir);
  fs.rmSync(snapshot, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (const started = Date.now(); Date.now() - started < limitMs; await new Promise((resolve) => setTimeout(resolve, 200))) {
    if (fs.existsSync(snapshot)) return snapshot;
  }
  throw new Error(`the server (pid ${pid}) wrote no snapshot within ${limitMs / 1000} s: see its log`);
}
