import { afterEach, describe, expect, it } from 'vitest';
import { pushNotifications } from '../db/schema/index.js';
import { apiAs, createTestApp, signUpUser, type TestApp } from '../test/harness.js';

const TOKEN = 'a-long-enough-metrics-token';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** One sample's value from Prometheus text, e.g. value(text, 'askbox_sse_connections'). */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('is off unless configured', async () => {
    t = await createTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('with METRICS_TOKEN: needs the bearer token, and counts requests by route pattern, never by raw URL', async () => {
    t = await createTestApp({ metrics: { token: TOKEN, port: undefined } });
    const [alice, bob] = [await signUpUser(t.app), await signUpUser(t.app)];
    await apiAs(t.app, alice).get(`/api/users/${bob.username}`);
    await apiAs(t.app, bob).get(`/api/users/${alice.username}`);
    await apiAs(t.app, bob).get('/api/users/nobody-at-all');
    await apiAs(t.app, bob).get('/api/no/such/route');

    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-of-some-length' } })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(value(text, 'askbox_http_request_duration_seconds_count{method="GET",route="/api/users/:username",status_code="200"}')).toBe(2);
    expect(value(text, 'askbox_http_request_duration_seconds_count{method="GET",route="/api/users/:username",status_code="404"}')).toBe(1);
    expect(value(text, 'askbox_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}')).toBe(1);
    expect(text).not.toContain(bob.username);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(value(text, 'askbox_sse_connections')).toBe(0);
    expect(value(text, 'askbox_outbox_rows{queue="push",state="pending"}')).toBe(0);
    if (t.database.kind === 'postgres') expect(text).toContain('askbox_db_pool_connections{state="idle",pool="statements"}');
    // the embedded database admits requests one a turn (decision 194): its queue is reported, empty between requests
    if (t.database.kind === 'pglite') expect(value(text, 'askbox_http_requests_waiting')).toBe(0);
    else expect(text).not.toContain('askbox_http_requests_waiting');
  });

  it('reports the push outbox: pending, retrying after a failure, and failed for good', async () => {
    t = await createTestApp({ metrics: { token: TOKEN, port: undefined } });
    const user = await signUpUser(t.app);
    const row = (id: string, attempts: number, lastError: string | null) => ({ id, userId: user.id, title: 't', body: 'b', data: {}, attempts, lastError });
    await t.ctx.db.insert(pushNotifications).values([row('p1', 0, null), row('p2', 1, 'push service said 500'), row('p3', 99, 'gone for good')]);
    const text = (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(value(text, 'askbox_outbox_rows{queue="push",state="pending"}')).toBe(2);
    expect(value(text, 'askbox_outbox_rows{queue="push",state="retrying"}')).toBe(1);
    expect(value(text, 'askbox_outbox_rows{queue="push",state="failed"}')).toBe(1);
  });

  it('with METRICS_PORT: served on its own port only, and counts open live-event streams', async () => {
    t = await createTestApp({ metrics: { token: undefined, port: 0 }, host: '127.0.0.1' });
    const port = t.ctx.metrics!.port!;
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const user = await signUpUser(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const appPort = (t.app.server.address() as { port: number }).port;
    const stream = await fetch(`http://127.0.0.1:${appPort}/api/events`, { headers: { cookie: user.cookie } });
    expect(stream.status).toBe(200);
    await expect.poll(async () => value(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text(), 'askbox_sse_connections')).toBe(1);
    await stream.body?.cancel();
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
  });
});
