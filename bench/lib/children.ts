import type { ChildProcess } from 'node:child_process';

/**
 * Every process the benchmark starts (servers, bare replays), from the moment it is spawned until it
 * exits: a clean-up on a signal stops them all, also one still starting up, so none is left holding
 * the embedded database's folder after the benchmark has gone.
 */
const running = new Set<ChildProcess>();

export function tracked<T extends ChildProcess>(child: T): T {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** SIGTERM to each process still running, SIGKILL after `graceMs`; resolves once all have exited. */
export async function stopChildren(graceMs = 30_000): Promise<void> {
  await Promise.all(
    [...running].map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timeout = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timeout);
    }),
  );
}
