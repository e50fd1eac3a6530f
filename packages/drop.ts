import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '/work/main/packages/server/src/app.ts';
import { testConfig } from '/work/main/packages/server/src/config.ts';
import { drizzleOverPglite, pgliteExtensions } from '/work/main/packages/server/src/db/open.ts';
import { migrateDatabase } from '/work/main/packages/server/src/db/migrate.ts';

const pglite = await PGlite.create({ extensions: pgliteExtensions });
const database: any = { kind: 'pglite', pglite, db: drizzleOverPglite(pglite), close: () => pglite.close() };
await migrateDatabase(database);
const app: any = await buildApp(testConfig({ webDistDir: '/nonexistent', rateLimits: { signupPerHour: 1000, loginPer15Min: 1000, loginPerAccountPer15Min: 1000, questionsPer10Min: 1000, uploadsPerHour: 1000 } } as any), database, {});
await app.ready();
async function signup(u: string) {
  const r = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: `${u}@ex.test`, username: u, fullname: 'F ' + u, password: 'correct horse', repeatPassword: 'correct horse' } });
  const c = r.cookies.find((c: any) => c.name === 'askbox_session');
  return { cookie: `askbox_session=${c.value}`, id: r.json().user?.id ?? r.json().id, u };
}
const rec = await signup('receiver1'); const ask = await signup('asker1');
const seen: any[] = [];
app.ctx.bus.subscribe((m: any) => seen.push(m));
const origin = { origin: 'http://localhost:3000' };
const post = (who: any, url: string, payload: any) => app.inject({ method: 'POST', url, payload, headers: { cookie: who.cookie, ...origin } });
console.log((await post(rec, '/api/me/muted-words', { word: 'banana' })).statusCode);
await new Promise((r) => setTimeout(r, 200)); seen.length = 0;
const r1 = await post(ask, '/api/users/receiver1/questions', { text: 'banana?', isAnonymous: true });
console.log('dropped', r1.statusCode, r1.body);
await new Promise((r) => setTimeout(r, 300));
console.log('events after dropped', JSON.stringify(seen)); seen.length = 0;
const r2 = await post(ask, '/api/users/receiver1/questions', { text: 'apple?', isAnonymous: true });
console.log('delivered', r2.statusCode);
await new Promise((r) => setTimeout(r, 300));
console.log('events after delivered', JSON.stringify(seen));
console.log((await pglite.query('select id, text from sent_questions')).rows);
console.log((await pglite.query('select id, text from questions')).rows);
console.log((await pglite.query('select count(*) from email_outbox')).rows ?? '');
await app.close(); await pglite.close();
