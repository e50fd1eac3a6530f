import { vi } from 'vitest';
import type { DomainEventOf, DomainEventType } from '@askbox/common';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/open.js';
import { events } from '../events/emit.js';

/** Watches `events.emit` (restore with vi.restoreAllMocks): what each call emitted, by type. */
export function watchEvents() {
  const spy = vi.spyOn(events, 'emit');
  /** The calls that emitted `type`: the transaction, the context and the event. */
  const callsOf = <T extends DomainEventType>(type: T) =>
    spy.mock.calls.filter((call) => call[2].type === type) as unknown as [DbOrTx, AppContext, DomainEventOf<T>][];
  return { spy, callsOf, emitted: <T extends DomainEventType>(type: T) => callsOf(type).map((call) => call[2]) };
}

/** The next emit of `type` fails with `error` (an outbox that is down); the others run as usual. */
export function failNextEvent(type: DomainEventType, error: Error) {
  const emit = events.emit.bind(events);
  let failed = false;
  return vi.spyOn(events, 'emit').mockImplementation(async (tx, ctx, event) => {
    if (event.type === type && !failed) {
      failed = true;
      throw error;
    }
    return emit(tx, ctx, event);
  });
}
