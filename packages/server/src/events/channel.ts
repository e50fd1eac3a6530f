import type { DomainEventOf, DomainEventType } from '@askbox/common';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/open.js';

/**
 * A channel (push, email, federation, live) says what each domain event means for it. Its
 * handlers run in the transaction that emitted the event, so whatever they write (an outbox row,
 * a NOTIFY) commits or rolls back with the change.
 */
export type Channel = {
  [T in DomainEventType]?: (tx: DbOrTx, event: DomainEventOf<T>, ctx: AppContext) => Promise<void>;
};
