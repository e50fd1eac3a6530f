import type { ServerContext } from '../context.js';
import type { AppInstance } from '../http/types.js';
import { installFederationBridge } from './bridge.js';
import { createAskboxFederation } from './federation.js';
import { runDeliveryBatch, startDeliveryWorker, type DeliveryWorker } from './worker.js';

export interface FederationRuntime {
  /** null when FEDERATION_WORKER=off (another instance delivers, or a test kicks batches itself) */
  worker: DeliveryWorker | null;
  /** Runs one delivery pass now, worker or not (tests, the CLI). */
  deliverNow(): Promise<void>;
}

/**
 * Turns on ActivityPub (FEDERATION=on): the Fedify bridge for /.well-known and /ap and the
 * delivery worker. The app's endpoints for remote followers and blocks are in routes.ts.
 */
export function startFederation(app: AppInstance, ctx: ServerContext): FederationRuntime {
  const { config } = ctx;
  let worker: DeliveryWorker | null = null;
  const { federation, kv } = createAskboxFederation(ctx, { queued: () => void worker?.kick(), log: app.log });
  installFederationBridge(app, { federation, kv, db: ctx.db, publicUrl: config.publicUrl });

  const fctx = federation.createContext(new URL(config.publicUrl), undefined);
  const options = {
    maxAttempts: config.federation.maxAttempts,
    allow: config.federation.allowPrivateAddresses ? ({ allow: 'private' } as const) : {},
    log: app.log,
  };
  if (config.federation.worker) worker = startDeliveryWorker(ctx.db, fctx, kv, { ...options, pollMs: config.federation.pollMs });
  app.addHook('onClose', async () => worker?.stop());
  if (!config.publicUrl.startsWith('https://')) {
    app.log.info(`PUBLIC_URL (${config.publicUrl}) is not https: other servers will not federate with this one (docs/federation.md)`);
  }
  return {
    worker,
    async deliverNow() {
      if (worker) return worker.kick();
      while ((await runDeliveryBatch(ctx.db, fctx, options)) > 0);
    },
  };
}
