import { exportJwk } from '@fedify/fedify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { InstanceActorKeys } from './instanceActor.js';
import { PostgresKvStore } from '../fedify/kvStore.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the instance actor's key pair", () => {
  it('is made once: two instances that need it at the same moment sign with the same key, and it outlives them', async () => {
    const kv = new PostgresKvStore(t.ctx.db);
    const [first, second] = await Promise.all([new InstanceActorKeys(kv).keyPair(), new InstanceActorKeys(kv).keyPair()]);
    expect(await exportJwk(first.publicKey)).toEqual(await exportJwk(second.publicKey));
    const later = await new InstanceActorKeys(kv).keyPair();
    expect(await exportJwk(later.privateKey)).toEqual(await exportJwk(first.privateKey));
  });
});
