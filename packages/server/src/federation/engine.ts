import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { OutboundClient } from '../net/outbound.js';
import { deliverFarewell, deliverRow, type DeliveryOutcome, type DeliveryRow, type FarewellRow } from './deliver.js';
import { createAskboxFederation } from './federation.js';
import { fedifyHandler } from './fedifyHandler.js';
import type { PostgresKvStore } from './kv.js';

/** The part of federation that needs Fedify: answering ActivityPub requests, and building, signing and sending activities. */
export interface FederationEngine {
  /** WebFinger, NodeInfo and everything under /ap/, handed over by the bridge */
  handle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /** one row of federation_deliveries, as of now */
  deliver(row: DeliveryRow): Promise<DeliveryOutcome>;
  /** the actor Delete of a deleted account */
  sayFarewell(row: FarewellRow): Promise<Exclude<DeliveryOutcome, 'dropped'>>;
}

export interface EngineOptions {
  kv: PostgresKvStore;
  /** the one path outgoing requests take (documents, keys, deliveries) */
  outbound: OutboundClient;
  /** called when an inbox listener queued a delivery (a follow's Accept) */
  queued: () => void;
  log: FastifyBaseLogger;
}

/**
 * Built by index.ts on first use, through `import()`: this module is where Fedify, its vocabulary
 * and its cryptography are loaded, ~60 MB of memory a server that nobody federates with never
 * needs (decision 195).
 */
export function createFederationEngine(ctx: AppContext, options: EngineOptions): FederationEngine {
  const federation = createAskboxFederation(ctx, options.kv, options.outbound, { queued: options.queued, log: options.log });
  const origin = new URL(ctx.config.publicUrl).origin;
  const fctx = federation.createContext(new URL(ctx.config.publicUrl), undefined);
  return {
    handle: fedifyHandler({ federation, kv: options.kv, db: ctx.db, origin }),
    deliver: (row) => deliverRow(ctx.db, fctx, row, options.outbound),
    sayFarewell: (row) => deliverFarewell(fctx, row, options.outbound),
  };
}
