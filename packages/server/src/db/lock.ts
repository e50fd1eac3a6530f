import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The database folder ${path.resolve(dataDir)} is already in use by another Askbox process (pid ${pid}). ` +
        'Stop that process first (the embedded database can be opened by one process only), ' +
        'or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** A DATA_DIR that cannot be made or written to: one line that says which folder and why. */
export class DataDirUnusableError extends Error {
  constructor(dataDir: string, cause: unknown) {
    const code = (cause as NodeJS.ErrnoException).code ?? (cause instanceof Error ? cause.message : String(cause));
    super(`Cannot use ${path.resolve(dataDir)} as DATA_DIR (${code}): set DATA_DIR to a folder this user can create and write to.`);
    this.name = 'DataDirUnusableError';
  }
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses); null where there is none. */
function statFields(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * Whether a process runs. A killed owner stays a zombie (state Z, or X while it goes) until its
 * parent reaps it, a second or two after a crash: signal 0 still reaches it, but it holds nothing.
 */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const state = statFields(pid)?.[0];
  return state !== 'Z' && state !== 'X' && state !== 'x';
}

/** When a process started (clock ticks since boot, /proc/<pid>/stat), where the system tells; null elsewhere. */
function startTimeOf(pid: number): string | null {
  return statFields(pid)?.[19] ?? null;
}

interface LockOwner {
  pid: number;
  /** the process's start time when it took the lock: a pid reused by another process starts later */
  started: string | null;
}

function readOwner(file: string): LockOwner | null {
  const text = fs.readFileSync(file, 'utf8').trim();
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner> | number;
    if (typeof parsed === 'number') return { pid: parsed, started: null };
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, started: parsed.started ?? null } : null;
  } catch {
    return null;
  }
}

/**
 * Whether the lock's owner still runs: its pid is alive and is the same process (started when the
 * lock says). After a crash and a reboot the pid may belong to anything; that does not block a start.
 */
function ownerRuns(owner: LockOwner): boolean {
  if (owner.pid === process.pid || !Number.isInteger(owner.pid) || owner.pid <= 0 || !isAlive(owner.pid)) return false;
  if (owner.started !== null) {
    const started = startTimeOf(owner.pid);
    return started === null || started === owner.started;
  }
  // a lock written by an older version holds the pid alone: at least it must be a Node.js process
  try {
    return /node/.test(fs.readFileSync(`/proc/${owner.pid}/cmdline`, 'utf8'));
  } catch {
    return true; // no /proc here: trust the pid
  }
}

/**
 * A PGlite folder opened by two processes silently loses writes, so the first holder
 * writes its pid (and start time) to askbox.lock and any later opener refuses while that process runs.
 */
export function acquireDataDirLock(dataDir: string): { release(): void } {
  const file = path.join(dataDir, 'askbox.lock');
  const mine = JSON.stringify({ pid: process.pid, started: startTimeOf(process.pid) } satisfies LockOwner);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx' });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, 'utf8') === mine) fs.unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new DataDirUnusableError(dataDir, error);
      const owner = readOwner(file);
      if (owner && ownerRuns(owner)) throw new DataDirLockedError(dataDir, owner.pid);
      fs.unlinkSync(file); // stale lock from a process that is gone
    }
  }
  throw new Error(`Could not lock ${file}`);
}
