import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { migrateDatabase } from '../db/migrate.js';
import { openPostgres, type Database } from '../db/open.js';
import type { AppInstance } from '../http/types.js';
import { testFederation } from '../test/federatedApp.js';
import { startHandBuiltPeer, type HandBuiltPeer } from '../test/handBuiltPeer.js';
import { startHangingPeer, type HangingPeer } from '../test/hangingPeer.js';
import { apiAs, signUpUser } from '../test/harness.js';
import { startTlsServer, testCertificate, trustTestCertificate, type TlsServer } from '../test/tls.js';
import { sleep, until } from './askboxProcess.js';
import { createPrivatePostgres, type PrivatePostgres } from './privatePostgres.js';

/**
 * A federated instance with its inbox worker on, fed without pause by a server whose keys never
 * answer and one whose posts never answer, while its PostgreSQL is restarted: the inbox answers
 * nothing but its own answers (202, 401, its shares' 503 and 429, 503 while the database is away),
 * the worker comes back with the database, and another server's Follow is handled after it all.
 */
let postgres: PrivatePostgres;
let database: Database | undefined;
let app: AppInstance | undefined;
let server: TlsServer | undefined;
const peers: (HangingPeer | HandBuiltPeer)[] = [];

beforeAll(async () => {
  postgres = await createPrivatePostgres();
  postgres.psql('create database hanging');
});
afterAll(async () => {
  for (const peer of peers) await peer.close();
  await app?.close();
  await server?.close();
  await database?.close();
  postgres?.remove();
});

const ACTIVITY_STREAMS = 'https://www.w3.org/ns/activitystreams';

describe('servers that never answer, while the database restarts', () => {
  it('hold no lane and no place past their shares, and another server is served once the database is back', async () => {
    trustTestCertificate();
    server = await startTlsServer();
    database = await openPostgres(postgres.url('hanging'));
    await migrateDatabase(database);
    const config = testConfig({
      webDistDir: '/nonexistent',
      publicUrl: server.origin,
      federation: { ...testFederation, worker: true, pollMs: 100, fetchTimeoutSeconds: 2 },
    });
    app = await buildApp(config, database, { outboundNetwork: { ca: testCertificate } });
    await app.ready();
    const served = app;
    server.handle((req, res) => served.routing(req, res));

    const alice = await signUpUser(app);
    expect((await apiAs(app, alice).patch('/api/me/settings', { publicProfile: true })).statusCode).toBe(200);
    const aliceActor = `${server.origin}/ap/actors/${alice.id}`;
    const keys = await startHangingPeer({ hang: 'keys' });
    const objects = await startHangingPeer({ hang: 'objects' });
    const mo = await startHandBuiltPeer();
    peers.push(keys, objects, mo);

    // the load: both hanging servers post again and again, to both inboxes, from many accounts
    const statuses = new Map<number, number>();
    let running = true;
    const load = [keys, objects].flatMap((peer) =>
      [0, 1, 2, 3].map(async (lane) => {
        for (let i = 0; running; i++) {
          const account = (lane * 7 + i) % 30;
          const actor = peer.actorUri(account);
          const inbox = i % 2 ? `${server!.origin}/ap/inbox` : `${aliceActor}/inbox`;
          const activity = { '@context': ACTIVITY_STREAMS, id: `${actor}#${lane}/${i}`, type: i % 3 ? 'Create' : 'Like', actor, object: peer.objectUri(i) };
          const status = await peer.send(inbox, activity, account).catch(() => 0);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          await sleep(50);
        }
      }),
    );
    await until(async () => objects.pending > 0, 'the worker to wait for a hanging post');

    postgres.restart();
    await sleep(1000);
    postgres.stop();
    await sleep(3000);
    postgres.start();

    // once the database is back, another server's Follow gets through the inbox and its worker
    const follow = { '@context': ACTIVITY_STREAMS, id: `${mo.actorUri}#follow`, type: 'Follow', actor: mo.actorUri, object: aliceActor };
    await until(async () => (await mo.send(`${aliceActor}/inbox`, follow)) === 202, 'the inbox to take a Follow again');
    await until(
      async () => postgres.psql(`select count(*) from remote_follows where user_id = '${alice.id}' and actor_uri = '${mo.actorUri}'`, 'hanging').trim() === '1',
      "the Follow to be handled while the hanging servers' fetches wait",
    );
    running = false;
    await Promise.all(load);

    // its own answers only: taken, unsigned (its keys never came), its shares, or the database away
    expect([...statuses.keys()].filter((status) => ![202, 401, 429, 503].includes(status)).sort()).toEqual([]);
    const queued = Number(postgres.psql('select count(*) from federation_inbox', 'hanging').trim());
    expect(queued).toBeLessThanOrEqual(testFederation.inboxQueuePerServer * 2);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    console.log(`hanging servers through a database restart: statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}; ${queued} queued`);
  }, 300_000);
});
