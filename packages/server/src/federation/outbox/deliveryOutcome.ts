import { delivered, type OutboxOutcome } from '../../outbox/batch.js';
import type { DeliveryOutcome } from './deliver.js';

/** A delivery's result as the outbox records it. */
export function outboxOutcomeOf(outcome: DeliveryOutcome): OutboxOutcome {
  if (outcome === 'sent') return delivered;
  if (outcome === 'dropped') return { done: true, note: 'nothing to send any more' };
  return 'failed' in outcome ? { refused: outcome.failed } : outcome;
}
