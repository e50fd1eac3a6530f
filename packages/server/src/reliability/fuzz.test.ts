import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.js';
import { exactLikeCount } from '../db/counters.js';
import { queryRows } from '../db/sql.js';
import { createTestApp, signUpUser, type TestApp } from '../test/harness.js';
import { makeWorld, type World } from './world.js';

/**
 * Fuzzing from the OpenAPI document (issue 11): for every operation it describes, hostile paths,
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
  t = await createTestApp({ push: { ...testConfig().push, allowPrivateAddresses: true } });
  world = await makeWorld(t.ctx.db);
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
    // between two new people: the fuzzed ones may have blocked, muted or refused anything by now
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

/** Lone surrogates replaced (encodeURIComponent throws on them; a browser would send U+FFFD). */
function wellFormed(value: string): string {
  return value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}
