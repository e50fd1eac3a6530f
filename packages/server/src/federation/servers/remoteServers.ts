import type { Clock } from '../../clock.js';

/**
 * The server of a remote URI, as fairness and failure tracking count them: its host with the port
 * (an origin is a server; loopback peers in tests differ by port only). Null when it does not parse.
 */
export function serverOf(uri: string): string | null {
  try {
    return new URL(uri).host.toLowerCase() || null;
  } catch {
    return null;
  }
}

/** After the n-th failure in a row a server rests: 30 s doubling to 1 h, like a row's retries. */
const restMs = (failures: number) => Math.min(3600, 30 * 2 ** Math.max(0, failures - 1)) * 1000;
/** Servers tracked at once; the ones failing longest stay (they are what is skipped). */
const MAX_TRACKED = 10_000;

/**
 * Which remote servers are failing (decision 346), in both directions: what a received activity
 * makes us fetch (keys, actors, posts) and what we deliver. Mastodon's DeliveryFailureTracker is
 * the model. A server that gave no answer (none in time, a reset, a refused connection) rests:
 * until its rest is over no request goes to it, and the one after is a probe. A server failing
 * without a single answer for `unavailableAfterDays` is unavailable: its deliveries are given up
 * instead of retried row by row, and its documents count as gone. Any answer it gives (to a
 * delivery or a fetch) clears it. This process's own view (runtime state the composition root makes).
 */
export class ServerHealth {
  private readonly failing = new Map<string, { since: number; failures: number; restUntil: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly unavailableAfterDays: number,
  ) {}

  failed(server: string): void {
    const now = this.clock.now().getTime();
    const entry = this.failing.get(server) ?? { since: now, failures: 0, restUntil: now };
    entry.failures++;
    entry.restUntil = now + restMs(entry.failures);
    this.failing.set(server, entry);
    if (this.failing.size > MAX_TRACKED) this.forgetNewest();
  }

  answered(server: string): void {
    this.failing.delete(server);
  }

  /** Resting after a failure: no request goes to it now. */
  resting(server: string): boolean {
    const entry = this.failing.get(server);
    return !!entry && this.clock.now().getTime() < entry.restUntil;
  }

  /** Failing for days without one success: skipped instead of retried. */
  unavailable(server: string): boolean {
    const entry = this.failing.get(server);
    return !!entry && this.clock.now().getTime() - entry.since >= this.unavailableAfterDays * 86_400_000;
  }

  private forgetNewest(): void {
    let newest: string | null = null;
    let newestSince = -Infinity;
    for (const [server, entry] of this.failing) {
      if (entry.since > newestSince) [newest, newestSince] = [server, entry.since];
    }
    if (newest) this.failing.delete(newest);
  }
}

/** A request not sent because its server rests after failures (counts as a failure that may pass). */
export class ServerRestingError extends Error {
  constructor(server: string) {
    super(`${server} is resting after failures`);
    this.name = 'ServerRestingError';
  }
}

/** A request not sent because its server has failed for days (counts as gone). */
export class ServerUnavailableError extends Error {
  constructor(server: string) {
    super(`${server} is unavailable`);
    this.name = 'ServerUnavailableError';
  }
}

/** How many inbox requests may wait for a key to be fetched, from one server and in all (decision 345). */
export const KEY_WAITS_PER_SERVER = 8;
export const KEY_WAITS_IN_ALL = 128;

/**
 * Inbox requests waiting for their signer's key to be fetched, counted per server of the key:
 * each holds its body in memory, so a server whose key endpoint never answers (or many of them)
 * may hold only so many; past that the inbox answers 503 before it reads the body.
 */
export class KeyWaits {
  private readonly perServer = new Map<string, number>();
  private total = 0;

  /** Takes a place for `server`, or false when its share or the whole is taken. */
  enter(server: string): boolean {
    const mine = this.perServer.get(server) ?? 0;
    if (mine >= KEY_WAITS_PER_SERVER || this.total >= KEY_WAITS_IN_ALL) return false;
    this.perServer.set(server, mine + 1);
    this.total++;
    return true;
  }

  leave(server: string): void {
    const mine = (this.perServer.get(server) ?? 1) - 1;
    if (mine <= 0) this.perServer.delete(server);
    else this.perServer.set(server, mine);
    this.total--;
  }
}

/** Federation's runtime state about other servers, made by startFederation and held by the context's federation runtime. */
export interface RemoteServers {
  health: ServerHealth;
  keyWaits: KeyWaits;
  /** the deadline of a fetch a received activity triggers (keys, actors, posts) */
  fetchTimeoutMs: number;
}

export function createRemoteServers(clock: Clock, settings: { fetchTimeoutSeconds: number; unavailableAfterDays: number }): RemoteServers {
  return {
    health: new ServerHealth(clock, settings.unavailableAfterDays),
    keyWaits: new KeyWaits(),
    fetchTimeoutMs: settings.fetchTimeoutSeconds * 1000,
  };
}
