import { saveInstanceSettings } from '../features/instanceAccess/settings.js';
import { eq, sql } from 'drizzle-orm';
import { hasControlCharacters, MAX_FULLNAME_LENGTH, textLength } from '@askbox/common';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../config.js';
import { exactLikeCount } from '../db/counters.js';
import { queryRows } from '../db/sql.js';
import { remoteActors, users } from '../db/schema/index.js';
import { MAX_JSON_DEPTH } from '../federation/fedify/jsonDepth.js';
import { REMOTE_URL_MAX, saveRemoteActor } from '../federation/actors/remoteActors.js';
import { startFederatedApp, testFederation } from '../test/federatedApp.js';
import { startHandBuiltPeer } from '../test/handBuiltPeer.js';
import { startHangingPeer } from '../test/hangingPeer.js';
import { createTestApp, signUpUser, type TestApp } from '../test/harness.js';
import { makeWorld, type World } from './world.js';

/**
 * Fuzzing from the OpenAPI document: for every operation it describes, hostile paths,
 * queries and bodies shaped after (and against) its schema, signed in and out. Not one answer may
 * be a 5xx, the server must be healthy after, and nothing half-written may remain.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  required?: string[];
}
interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: 'path' | 'query'; schema?: JsonSchema }[];
  body?: JsonSchema;
}

const hostileString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u001b[31m',
    '\u202e\u200b',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '%2e%2e%2f',
    '__proto__',
    'constructor',
    '2026-02-30T00:00:00Z',
    '0000-00-00T00:00:00Z',
    '\ud800',
    '😀'.repeat(301),
    'x'.repeat(5000),
    '',
    ' ',
    'null',
    '-1',
    '1e309',
    'MjAyNi0xMy0wMVQwMDowMDowMFp8eA', // base64url of a cursor with month 13
    'MDAwMC0wMS0wMVQwMDowMDowMFp8eA', // year 0
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
const anyJson = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.object({ maxDepth: 2 }),
);

/** A value for `schema`: mostly of its type, hostile inside; sometimes of any type at all. */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return anyJson;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => valueFor(variant, depth + 1)));
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), anyJson);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const typed: fc.Arbitrary<unknown> =
    type === 'object' && schema.properties
      ? fc.record(Object.fromEntries(Object.entries(schema.properties).map(([key, property]) => [key, valueFor(property, depth + 1)])), { requiredKeys: [] })
      : type === 'array'
        ? fc.array(valueFor(schema.items, depth + 1), { maxLength: 4 })
        : type === 'boolean'
          ? fc.boolean()
          : type === 'integer' || type === 'number'
            ? fc.oneof(fc.integer(), fc.double())
            : hostileString;
  return fc.oneof({ weight: 4, arbitrary: typed }, { weight: 1, arbitrary: anyJson });
}

function operationsOf(document: {
  paths: Record<string, Record<string, { parameters?: Operation['parameters']; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

let t: TestApp;
let world: World;
beforeAll(async () => {
  // no DNS: a hostile keyId's host is never looked up in the outside world from a test
  const noDns = async (host: string): Promise<string[]> => {
    throw new Error(`no DNS in this test (${host})`);
  };
  t = await createTestApp({ push: { ...testConfig().push, allowPrivateAddresses: true } }, { outboundNetwork: { resolve: noDns } });
  world = await makeWorld(t.ctx.db);
  await t.ctx.db.update(users).set({ publicProfile: true }).where(eq(users.id, world.people.owner.id));
});
afterAll(() => t.close());

describe('fuzzing from the OpenAPI document', () => {
  it(`answers ${RUNS} hostile requests over every operation with no 5xx, and stays healthy and consistent`, async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(40);
    // session-ending operations go signed out, so the rest keep a signed-in user; so does the
    // live-event stream (signed in, it stays open: the authorization matrix checks it)
    const endsSession = (op: Operation) => /\/auth\/logout|\/me\/password|^\/api\/me$|password-reset\/confirm|^\/api\/events$/.test(op.path);
    const request = fc.constantFrom(...operations).chain((op) =>
      fc.record({
        op: fc.constant(op),
        params: fc.record(
          Object.fromEntries(
            op.parameters
              .filter((p) => p.in === 'path')
              .map((p) => [p.name, fc.oneof(hostileString, fc.constantFrom(world.people.owner.username, world.answeredId))]),
          ),
        ),
        query: fc.record(Object.fromEntries(op.parameters.filter((p) => p.in === 'query').map((p) => [p.name, valueFor(p.schema)])), { requiredKeys: [] }),
        body: op.body ? valueFor(op.body) : fc.constant(undefined),
        as: fc.constantFrom('signedOut', 'owner', 'stranger', 'admin') as fc.Arbitrary<'signedOut' | 'owner' | 'stranger' | 'admin'>,
      }),
    );
    const serverErrors: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(request, async ({ op, params, query, body, as }) => {
        const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(wellFormed(String(params[name] ?? 'x'))));
        const search = new URLSearchParams();
        for (const [key, value] of Object.entries(query)) search.set(key, typeof value === 'string' ? value : JSON.stringify(value));
        const url = `${path}${search.size > 0 ? `?${search}` : ''}`;
        const cookie = as === 'signedOut' || endsSession(op) ? undefined : world.people[as].cookie;
        const response = await t.app.inject({ method: op.method as 'GET', url, payload: body as never, headers: cookie ? { cookie } : {} });
        sent++;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500)
          serverErrors.push(`${op.method} ${url} ${JSON.stringify(body)?.slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 200)}`);
        return true;
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
    );
    console.log(`fuzzing: ${sent} requests over ${operations.length} operations; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    expect(serverErrors.slice(0, 20)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(RUNS);

    // healthy after: the database answers and a normal sign-up and question still work
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // between two new people: the fuzzed ones may have blocked, muted or refused anything by now,
    // and the fuzzed admin may have closed sign-ups: an operator reopens them first
    await saveInstanceSettings(t.ctx, { registrations: 'open', emailDomainBlocks: [] });
    const asker = await signUpUser(t.app);
    const receiver = await signUpUser(t.app);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/users/${receiver.username}/questions`,
      headers: { cookie: asker.cookie },
      payload: { text: 'Still there?', isAnonymous: true },
    });
    expect(asked.statusCode).toBe(201);

    // nothing half-written: counters match their rows, answers have their text, no control characters stored
    const [drift] = await queryRows<{ questions: number; users: number; controls: number }>(
      t.ctx.db,
      sql`select
            (select count(*)::int from questions q where ${exactLikeCount(sql`q.id`, sql`q.like_count`)} <> (select count(*) from likes l where l.question_id = q.id)
               or (q.answered and (q.answer is null or q.answered_at is null))) as questions,
            (select count(*)::int from users u where u.fullname = '' or u.username !~ '^[a-z0-9_]+$') as users,
            (select count(*)::int from questions q where q.text ~ '[\\x01-\\x08]' or coalesce(q.answer, '') ~ '[\\x01-\\x08]') as controls`,
    );
    expect(drift).toEqual({ questions: 0, users: 0, controls: 0 });
  });
});

const AP_RUNS = Number(process.env.FUZZ_AP_RUNS ?? 2_000);
const hostileHeader = fc.oneof(
  fc.constantFrom('garbage', '', 'Mon, 99 Foo 99999 99:99:99 GMT', new Date(0).toUTCString(), 'keyId="not a url"', 'SHA-256=', 'sig1=:AAAA:'),
  fc.string({ maxLength: 60 }).map((value) => value.replace(/[^\x20-\x7e]/g, '')),
);
const hostileSignature = fc.oneof(
  hostileHeader,
  fc
    .record({
      keyId: fc.oneof(
        hostileHeader,
        fc.constantFrom(
          'https://[::ffff:7f00:1]/key',
          'https://127.0.0.1/key',
          'http://evil.example/key',
          'javascript:1',
          `https://e.example/${'k'.repeat(5000)}`,
        ),
      ),
      algorithm: fc.constantFrom('rsa-sha256', 'hs2019', 'nonsense', ''),
      headers: fc.constantFrom('(request-target) host date digest', 'date', '', '(request-target)'),
      signature: fc.oneof(fc.constantFrom('AAAA', '%%%', ''), fc.base64String({ maxLength: 40 })),
    })
    .map(({ keyId, algorithm, headers, signature }) => `keyId="${keyId}",algorithm="${algorithm}",headers="${headers}",signature="${signature}"`),
);
/** Activities whose actor says anything: NUL in its name, a 100,000-character preferredUsername. */
const hostileActivity = fc.record({
  '@context': fc.constantFrom('https://www.w3.org/ns/activitystreams', 'https://evil.example/context', ['https://www.w3.org/ns/activitystreams', { x: 'y' }]),
  type: fc.constantFrom('Follow', 'Undo', 'Update', 'Delete', 'Create', 'Like', 'Nonsense'),
  actor: fc.oneof(
    hostileString,
    fc.record({
      type: fc.constant('Person'),
      id: hostileString,
      name: fc.constantFrom('Evil\u0000Bob', 'x'.repeat(100_000)),
      preferredUsername: fc.constantFrom('a\u0000b', 'u'.repeat(100_000)),
    }),
  ),
  object: hostileString,
  signature: fc.record({ type: fc.constant('RsaSignature2017'), creator: hostileString, signatureValue: hostileString }),
});

describe('fuzzing ActivityPub', () => {
  it(`answers ${AP_RUNS} hostile requests over every ActivityPub route and method, hostile signature headers included, with no 5xx`, async () => {
    const paths = [
      (id: string) => `/ap/actors/${id}`,
      (id: string) => `/ap/actors/${id}/inbox`,
      () => '/ap/inbox',
      (id: string) => `/ap/actors/${id}/outbox`,
      (id: string) => `/ap/actors/${id}/followers`,
      (id: string) => `/ap/answers/${id}`,
      () => '/nodeinfo/2.1',
      () => '/.well-known/nodeinfo',
      (id: string) => `/.well-known/webfinger?resource=${id}`,
    ];
    const request = fc.record({
      // the inboxes (indexes 1 and 2) most often
      path: fc.oneof(fc.constantFrom(paths[1]!, paths[2]!), fc.constantFrom(...paths)),
      id: fc.oneof(fc.constantFrom(world.people.owner.id, world.answeredId, `acct:${world.people.owner.username}@localhost`), hostileString),
      // every method, POST (what inboxes take) most often
      method: fc.oneof(fc.constant('POST'), fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS')),
      date: fc.option(hostileHeader),
      signature: fc.option(hostileSignature),
      digest: fc.option(hostileHeader),
      body: fc.oneof(
        hostileActivity.map((a) => JSON.stringify(a)),
        hostileString,
      ),
    });
    const serverErrors: string[] = [];
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async ({ path, id, method, date, signature, digest, body }) => {
        const headers: Record<string, string> = { accept: 'application/activity+json', 'content-type': 'application/activity+json' };
        if (date !== null) headers.date = date;
        if (signature !== null) headers.signature = signature;
        if (digest !== null) headers.digest = digest;
        const url = path(encodeURIComponent(wellFormed(id)));
        const response = await t.app.inject({ method: method as 'GET', url, headers, payload: method === 'GET' || method === 'HEAD' ? undefined : body });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500)
          serverErrors.push(`${method} ${url} ${JSON.stringify(headers).slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 200)}`);
        return true;
      }),
      { numRuns: AP_RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
    );
    console.log(`fuzzing ActivityPub: ${AP_RUNS} requests; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    expect(serverErrors.slice(0, 20)).toEqual([]);
    expect(await queryRows(t.ctx.db, sql`select uri from remote_actors`)).toEqual([]);
  });

  it('refuses deeply nested bodies on both inboxes with 400, signed or not, before any JSON or JSON-LD parser', async () => {
    const nested = fc.record({
      inbox: fc.constantFrom(`/ap/actors/${world.people.owner.id}/inbox`, '/ap/inbox'),
      depth: fc.oneof(fc.constant(MAX_JSON_DEPTH + 1), fc.integer({ min: MAX_JSON_DEPTH + 1, max: 40_000 })),
      // arrays, objects, JSON-LD shaped objects, mixed; closed (valid JSON) or left open
      open: fc.constantFrom('[', '{"a":', '{"@context":', '[{"object":', '{"@list":['),
      close: fc.boolean(),
      signature: fc.option(hostileSignature),
    });
    const refused: string[] = [];
    await fc.assert(
      fc.asyncProperty(nested, async ({ inbox, depth: wanted, open, close, signature }) => {
        // under the 256 KiB body limit (past it the answer is 413 before anything is read)
        const depth = Math.min(wanted, Math.floor(120_000 / open.length));
        const closing = open.replace(/[^[{]/g, '').replace(/\[/g, ']').replace(/\{/g, '}').split('').reverse().join('');
        const body = `{"type":"Create","object":${open.repeat(depth)}1${close ? closing.repeat(depth) : ''}}`;
        const headers: Record<string, string> = { 'content-type': 'application/activity+json', date: new Date().toUTCString() };
        if (signature !== null) headers.signature = signature;
        const response = await t.app.inject({ method: 'POST', url: inbox, headers, payload: body });
        if (response.statusCode !== 400) refused.push(`${inbox} ${open}×${depth} → ${response.statusCode}`);
      }),
      { numRuns: 40, seed: Number(process.env.FUZZ_SEED ?? 20261128) },
    );
    expect(refused).toEqual([]);
    expect(await queryRows(t.ctx.db, sql`select id from federation_inbox`)).toEqual([]);
  });

  it('stores whatever a remote actor says of itself cleaned and bounded: NUL, controls, 100,000 characters', async () => {
    const longOrHostile = fc.oneof(hostileString, fc.constantFrom('u'.repeat(100_000), 'a\u0000b\u0007c\u009b', ''));
    const claims = fc.record({
      id: fc.uuid(),
      username: longOrHostile,
      name: longOrHostile,
      url: fc.option(fc.oneof(longOrHostile, fc.constant(`https://e.example/${'p'.repeat(100_000)}`))),
      iconUrl: fc.option(longOrHostile),
      sharedInboxUrl: fc.option(longOrHostile),
    });
    await fc.assert(
      fc.asyncProperty(claims, async ({ id, username, name, url, iconUrl, sharedInboxUrl }) => {
        const uri = `https://remote.example/users/${id}`;
        await saveRemoteActor(t.ctx.db, { uri, inboxUrl: `${uri}/inbox`, sharedInboxUrl, username, name, url, iconUrl });
        const [stored] = await t.ctx.db.select().from(remoteActors).where(eq(remoteActors.uri, uri));
        expect(stored).toBeDefined();
        for (const value of [stored!.handle, stored!.name, stored!.url ?? '', stored!.iconUrl ?? '', stored!.sharedInboxUrl ?? '']) {
          expect(hasControlCharacters(value, { multiline: false })).toBe(false);
        }
        expect(textLength(stored!.name)).toBeLessThanOrEqual(MAX_FULLNAME_LENGTH);
        expect(textLength(stored!.handle)).toBeLessThanOrEqual('@'.length + 64 + '@remote.example'.length);
        expect((stored!.url ?? '').length).toBeLessThanOrEqual(REMOTE_URL_MAX);
        return true;
      }),
      { numRuns: 200, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
    );
  });
});

const HANGING_RUNS = Number(process.env.FUZZ_HANGING_RUNS ?? 300);
const ACTIVITY_STREAMS = 'https://www.w3.org/ns/activitystreams';

describe('fuzzing ActivityPub from servers that never answer', () => {
  it(`answers ${HANGING_RUNS} signed, hostile activities from a server whose keys never answer and one whose posts never answer, with no error, and keeps serving another server`, async () => {
    const fed = await startFederatedApp({ federation: { ...testFederation, fetchTimeoutSeconds: 2 } });
    const peers = [await startHangingPeer({ hang: 'keys' }), await startHangingPeer({ hang: 'objects' })] as const;
    const mo = await startHandBuiltPeer();
    try {
      const alice = await signUpUser(fed.t.app);
      await fed.t.ctx.db.update(users).set({ publicProfile: true }).where(eq(users.id, alice.id));
      const aliceActor = `${fed.server.origin}/ap/actors/${alice.id}`;
      const inboxes = [`${fed.server.origin}/ap/inbox`, `${aliceActor}/inbox`];

      const activity = fc.record({
        peer: fc.constantFrom(0, 1),
        account: fc.nat({ max: 40 }),
        inbox: fc.constantFrom(0, 1),
        type: fc.constantFrom('Create', 'Like', 'Announce', 'Follow', 'Undo', 'Update', 'Delete', 'EmojiReact', 'Nonsense'),
        // what it points at: its own hanging posts most often, or alice, or anything
        object: fc.oneof(
          { weight: 3, arbitrary: fc.nat({ max: 1000 }).map((n) => ({ kind: 'post' as const, n })) },
          { weight: 1, arbitrary: fc.constant({ kind: 'alice' as const }) },
          { weight: 1, arbitrary: hostileString.map((text) => ({ kind: 'text' as const, text })) },
        ),
        mention: fc.boolean(),
        padding: fc.constantFrom(0, 0, 0, 20_000, 200_000),
      });
      const runs = fc.sample(activity, { numRuns: HANGING_RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261122) });
      const statuses = new Map<number, number>();
      const errors: string[] = [];
      // in waves sent at once, so that fetches are pending while the next ones arrive
      for (let at = 0; at < runs.length; at += 25) {
        await Promise.all(
          runs.slice(at, at + 25).map(async (run, i) => {
            const peer = peers[run.peer];
            const actor = peer.actorUri(run.account);
            const object = run.object.kind === 'post' ? peer.objectUri(run.object.n) : run.object.kind === 'alice' ? aliceActor : wellFormed(run.object.text);
            const body = {
              '@context': ACTIVITY_STREAMS,
              id: `${actor}#fuzz/${at + i}`,
              type: run.type,
              actor,
              object:
                run.type === 'Create' && run.mention
                  ? {
                      id: `${peer.objectUri(10_000 + at + i)}`,
                      type: 'Note',
                      attributedTo: actor,
                      content: `@alice ${'x'.repeat(run.padding)}`,
                      tag: [{ type: 'Mention', href: aliceActor }],
                      to: [aliceActor],
                    }
                  : object,
              ...(run.padding > 0 && !run.mention ? { summary: 'p'.repeat(run.padding) } : {}),
            };
            const status = await peer.send(inboxes[run.inbox]!, body, run.account);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            // 503 and 429 are the shares of a server and an account (decision 345, 346): anything else of 5xx is an error
            if (status >= 500 && status !== 503) errors.push(`${run.type} from ${peer.origin} → ${status}`);
          }),
        );
      }
      // the queue holds no more of them than a server's share
      const [queued] = await queryRows<{ n: number }>(fed.t.ctx.db, sql`select count(*)::int as n from federation_inbox`);
      expect(queued!.n).toBeLessThanOrEqual(testFederation.inboxQueuePerServer * peers.length);

      // another server is still served: its Follow is taken and handled while the hanging ones wait
      expect(
        await mo.send(`${aliceActor}/inbox`, {
          '@context': ACTIVITY_STREAMS,
          id: `${mo.actorUri}#follow`,
          type: 'Follow',
          actor: mo.actorUri,
          object: aliceActor,
        }),
      ).toBe(202);
      const draining = fed.t.ctx.federation!.receiveNow();
      await vi.waitFor(
        async () => {
          const [row] = await queryRows<{ n: number }>(
            fed.t.ctx.db,
            sql`select count(*)::int as n from remote_follows where user_id = ${alice.id} and actor_uri = ${mo.actorUri}`,
          );
          expect(row!.n).toBe(1);
        },
        { timeout: 60_000, interval: 50 },
      );
      for (const peer of peers) await peer.close();
      await draining;
      console.log(`fuzzing ActivityPub from hanging servers: ${runs.length} activities; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
      expect(errors.slice(0, 20)).toEqual([]);
      // the server stays healthy
      expect((await fed.t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      for (const peer of peers) await peer.close();
      await mo.close();
      await fed.close();
    }
  }, 300_000);
});

/** Lone surrogates replaced (encodeURIComponent throws on them; a browser would send U+FFFD). */
function wellFormed(value: string): string {
  return value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}
