import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { PostgresKvStore } from './kvStore.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("Fedify's key-value store on our database", () => {
  it('keeps a remote document whose strings hold NUL (jsonb cannot): as U+FFFD', async () => {
    const kv = new PostgresKvStore(t.ctx.db);
    await kv.set(['doc', 'https://remote.example/a\u0000b'], { name: 'Evil\u0000Bob', nested: ['x\u0000'] });
    expect(await kv.get(['doc', 'https://remote.example/a\u0000b'])).toEqual({ name: 'Evil\ufffdBob', nested: ['x\ufffd'] });
  });
});
