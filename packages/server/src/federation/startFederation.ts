import type { AppContext } from '../context.js';
import { onFirstUse } from '../firstUse.js';
import { OutboundClient, type OutboundNetwork } from '../net/outbound.js';
import type { AppInstance } from '../http/types.js';
import { installFederationBridge } from './fedify/fastifyBridge.js';
import { PostgresKvStore } from './fedify/kvStore.js';
import { createRemoteServers, type RemoteServers } from './servers/remoteServers.js';
import { trackAppWork } from './inbox/appBusy.js';
import type { Runner } from '../outbox/runner.js';
import { createInboxWorker, runInboxBatch } from './inbox/queue.js';
import type { LookedUpAccount } from './moving/lookUpAccount.js';
import { createDeliveryWorker, runDeliveryBatch, type DeliveryWorker, type WorkerOptions } from './outbox/worker.js';

export interface FederationRuntime {
  /** null when FEDERATION_WORKER=off (another instance delivers, or a test kicks batches itself) */
  worker: DeliveryWorker | null;
  /** Handles the received activities waiting in the inbox queue, then runs one delivery pass, worker or not (tests, the CLI). */
  deliverNow(): Promise<void>;
  /** Handles the received activities waiting in the inbox queue now, worker or not (tests). */
  receiveNow(): Promise<void>;
  /** Whether Fedify has been loaded (by a federation request or something to deliver) */
  engineLoaded(): boolean;
  /** Whether the app answers requests of its own now: the inboxes and their worker then take turns with it. */
  appBusy(): boolean;
  /** What this process knows of other servers: which fail, how many inbox requests wait for their keys (servers/remoteServers.ts). */
  servers: RemoteServers;
  /** `@name@server`'s actor and the accounts it says it also is, read now and signed by `userId`; null when not found. */
  lookUpAccount(userId: string, handle: string): Promise<LookedUpAccount | null>;
  /** Installs the bridge's onRequest hook; app.ts calls it where it belongs in a request's order. */
  installBridge(app: AppInstance): void;
}

/**
 * Turns on ActivityPub (FEDERATION=on): the delivery and inbox workers (started and stopped with `app`) and
 * the bridge for /.well-known and /ap (`installBridge`). Fedify itself (fedify/engine.ts) is loaded by the first federation request or the first
 * activity to send, not at start (decision 195). The app's endpoints for remote followers and
 * blocks are in routes.ts.
 */
export function startFederation(app: AppInstance, ctx: AppContext, network: Partial<OutboundNetwork> = {}): FederationRuntime {
  const { config } = ctx;
  let worker: DeliveryWorker | null = null;
  let inboxWorker: Runner | null = null;
  const kv = new PostgresKvStore(ctx.db);
  const outbound = new OutboundClient(config.federation.allowPrivateAddresses ? { allow: 'private' } : {}, network);
  const servers = createRemoteServers(ctx.clock, config.federation);
  const loadEngine = onFirstUse(async () => {
    const { createFederationEngine } = await import('./fedify/engine.js');
    return createFederationEngine(ctx, {
      kv,
      outbound,
      queued: () => void worker?.kick(),
      received: () => void inboxWorker?.kick(),
      appBusy,
      servers,
      log: app.log,
    });
  });
  const appBusy = trackAppWork(app);
  const options: WorkerOptions = {
    maxAttempts: config.federation.maxAttempts,
    leaseSeconds: config.outboxLeaseSeconds,
    engine: loadEngine,
    log: app.log,
    appBusy,
  };
  if (config.federation.worker) {
    worker = createDeliveryWorker(ctx.db, kv, { ...options, pollMs: config.federation.pollMs, log: app.log });
    inboxWorker = createInboxWorker(ctx.db, { ...options, pollMs: config.federation.pollMs, log: app.log });
  }
  const receiveNow = async () => {
    if (inboxWorker) return inboxWorker.kick();
    while ((await runInboxBatch(ctx.db, options)) > 0);
  };
  // started once the app is loaded, like every background pass (composition/context.ts)
  app.addHook('onReady', async () => {
    worker?.start();
    inboxWorker?.start();
  });
  app.addHook('onClose', async () => {
    await inboxWorker?.stop();
    await worker?.stop();
    outbound.close();
  });
  if (!config.publicUrl.startsWith('https://')) {
    app.log.info(`PUBLIC_URL (${config.publicUrl}) is not https: other servers will not federate with this one (docs/federation.md)`);
  }
  return {
    worker,
    receiveNow,
    async deliverNow() {
      await receiveNow();
      if (worker) return worker.kick();
      while ((await runDeliveryBatch(ctx.db, options)) > 0);
    },
    engineLoaded: loadEngine.started,
    lookUpAccount: async (userId, handle) => (await loadEngine()).lookUpAccount(userId, handle),
    appBusy,
    servers,
    installBridge(target) {
      installFederationBridge(target, { engine: loadEngine, db: ctx.db, publicUrl: config.publicUrl });
    },
  };
}
