import type { DomainEvent } from '@askbox/common';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/open.js';
import { emailChannel } from '../email/handlers.js';
import { federationChannel } from '../federation/handlers.js';
import { pushChannel } from '../push/handlers.js';
import { liveChannel } from '../realtime/handlers.js';
import type { Channel } from './channel.js';

/** Every channel, in the order their handlers run for one event. */
const channels: readonly Channel[] = [pushChannel, emailChannel, federationChannel, liveChannel];

type AnyHandler = (tx: DbOrTx, event: DomainEvent, ctx: AppContext) => Promise<void>;

/**
 * The one way a service tells the rest of the server what happened: `events.emit(tx, ctx, event)`
 * inside the transaction of the change. An object, so that tests can watch or fail it.
 */
export const events = {
  async emit(tx: DbOrTx, ctx: AppContext, event: DomainEvent): Promise<void> {
    for (const channel of channels) {
      const handle = channel[event.type] as AnyHandler | undefined;
      if (handle) await handle(tx, event, ctx);
    }
  },
};
