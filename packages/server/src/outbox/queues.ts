import type { PgTable } from 'drizzle-orm/pg-core';
import type { Config } from '../config.js';
import { emailOutbox, federationDeliveries, pushNotifications } from '../db/schema/index.js';

export const OUTBOX_QUEUES = ['push', 'email', 'federation'] as const;
export type OutboxQueue = (typeof OUTBOX_QUEUES)[number];

/**
 * The outgoing queues, each with its table and the attempts after which a row has failed for good:
 * the one list /metrics and the admins' dashboard both read (the same outboxCounts query each).
 */
export function outboxQueues(config: Config): Record<OutboxQueue, { table: PgTable; maxAttempts: number }> {
  return {
    push: { table: pushNotifications, maxAttempts: config.push.maxAttempts },
    email: { table: emailOutbox, maxAttempts: config.email.maxAttempts },
    federation: { table: federationDeliveries, maxAttempts: config.federation.maxAttempts },
  };
}
