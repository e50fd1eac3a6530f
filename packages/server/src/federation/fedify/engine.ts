import { Activity } from '@fedify/fedify';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { OutboundClient } from '../../net/outbound.js';
import { deliverFarewell, deliverRow, type DeliveryOutcome, type DeliveryRow, type FarewellRow } from '../outbox/deliver.js';
import { createAskboxFederation } from './dispatchers.js';
import { fedifyHandler } from './requestHandler.js';
import { InstanceActorKeys } from '../actors/instanceActor.js';
import { isServerBlocked } from '../servers/serverBlocks.js';
import { incomingOutcomeOf, type IncomingRow } from '../inbox/queue.js';
import { RecentActors } from '../actors/recentActors.js';
import type { RemoteServers } from '../servers/remoteServers.js';
import type { PostgresKvStore } from './kvStore.js';
import type { OutboxOutcome } from '../../outbox/batch.js';
import { lookUpAccount, type LookedUpAccount } from '../moving/lookUpAccount.js';

/** The part of federation that needs Fedify: answering ActivityPub requests, and building, signing and sending activities. */
export interface FederationEngine {
  /** WebFinger, NodeInfo and everything under /ap/, handed over by the bridge */
  handle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /** one row of federation_deliveries, as of now */
  deliver(row: DeliveryRow): Promise<DeliveryOutcome>;
  /** the actor Delete of a deleted account */
  sayFarewell(row: FarewellRow): Promise<Exclude<DeliveryOutcome, 'dropped'>>;
  /** one activity of the inbox queue, handed to the inbox listeners */
  receive(row: IncomingRow): Promise<OutboxOutcome>;
  /** `@name@server`'s actor, read now and signed by `userId` (moving an account) */
  lookUpAccount(userId: string, handle: string): Promise<LookedUpAccount | null>;
}

export interface EngineOptions {
  kv: PostgresKvStore;
  /** the one path outgoing requests take (documents, keys, deliveries) */
  outbound: OutboundClient;
  /** called when an inbox listener queued a delivery (a follow's Accept) */
  queued: () => void;
  /** called when an inbox stored an activity for the inbox worker */
  received: () => void;
  /** true while the app answers requests of its own (not federation's) */
  appBusy?: () => boolean;
  /** which servers fail, how many inbox requests wait for keys, the deadline of fetches */
  servers: RemoteServers;
  log: FastifyBaseLogger;
}

/**
 * Built by startFederation.ts on first use, through `import()`: this module is where Fedify, its vocabulary
 * and its cryptography are loaded, ~60 MB of memory a server that nobody federates with never
 * needs (decision 195).
 */
export function createFederationEngine(ctx: AppContext, options: EngineOptions): FederationEngine {
  const hooks = { queued: options.queued, log: options.log, actors: new RecentActors(), servers: options.servers };
  const instanceKeys = new InstanceActorKeys(options.kv);
  const federation = createAskboxFederation(ctx, options.kv, options.outbound, hooks, { instanceKeys });
  const inboxFederation = createAskboxFederation(ctx, options.kv, options.outbound, hooks, { instanceKeys, signaturesVerifiedAtReceipt: true });
  const origin = new URL(ctx.config.publicUrl).origin;
  const fctx = federation.createContext(new URL(ctx.config.publicUrl), undefined);
  return {
    handle: fedifyHandler({
      federation,
      kv: options.kv,
      db: ctx.db,
      origin,
      received: options.received,
      appBusy: options.appBusy,
      servers: options.servers,
      queueLimits: { perActor: ctx.config.federation.inboxQueuePerActor, perServer: ctx.config.federation.inboxQueuePerServer },
      authorizedFetch: ctx.config.federation.authorizedFetch,
    }),
    async receive(row) {
      // the actor Fedify reads from the activity is the one whose key signed it at receipt
      const activity = await Activity.fromJsonLd(JSON.parse(row.body), fctx).catch(() => null);
      if (activity?.actorId?.href !== row.signer) return { refused: 'the signer and the actor do not match' };
      // received before the operator blocked its server: dropped all the same
      if (await isServerBlocked(ctx.db, row.signer)) return { done: true, note: 'server blocked by the operator' };
      const replay = new Request(`${origin}${row.path}`, { method: 'POST', headers: row.headers, body: row.body });
      return incomingOutcomeOf((await inboxFederation.fetch(replay, { contextData: undefined })).status);
    },
    deliver: (row) => deliverRow(ctx.db, fctx, row, options.outbound, options.servers),
    sayFarewell: (row) => deliverFarewell(ctx.db, fctx, row, options.outbound, options.servers),
    lookUpAccount: (userId, handle) => lookUpAccount(fctx, options.outbound, options.servers, userId, handle),
  };
}
