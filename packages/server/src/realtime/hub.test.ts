import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/open.js';
import { eventually } from '../test/notificationFixtures.js';
import type { BusMessage, EventBus } from './bus.js';
import { LiveHub } from './hub.js';

describe('LiveHub', () => {
  it('goes on delivering in order after a message whose audience could not be looked up', async () => {
    let hear: (message: BusMessage) => void = () => undefined;
    const bus = { subscribe: (listener: (message: BusMessage) => void) => ((hear = listener), () => undefined) } as unknown as EventBus;
    // the database is away: every look-up of followers fails
    const db = {
      select: () => {
        throw new Error('database unavailable');
      },
    } as unknown as Db;
    const errors: unknown[] = [];
    const log = { error: (entry: unknown) => errors.push(entry) } as unknown as FastifyBaseLogger;
    const hub = new LiveHub(bus, db, log, 3_600_000);
    const written: string[] = [];
    const res = { write: (chunk: string) => written.push(chunk), end: () => undefined } as unknown as ServerResponse;
    hub.add({ userId: 'u1', sessionId: 's1', res });

    hear({ to: { userId: 'u1' }, type: 'question' });
    hear({ to: { followersOf: 'u2' }, type: 'answer' });
    hear({ to: { userId: 'u1' }, type: 'counters' });
    await eventually(() => written.length === 2, 'the two events that could be delivered');
    expect(written).toEqual(['id: 1\nevent: question\ndata: {}\n\n', 'id: 2\nevent: counters\ndata: {}\n\n']);
    expect(errors).toHaveLength(1);
    hub.closeAll();
  });
});
