import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../app.js';
import type { AppInstance } from '../http/types.js';
import { testConfig, type Config } from '../config.js';
import type { ServerContext } from '../context.js';
import { drizzleOverPglite, pgliteExtensions, type Database } from '../db/open.js';
import { createThrowawayPostgres, type DroppableDatabase } from '../db/throwaway.js';
import { migrateDatabase } from '../db/migrate.js';
import { testCertificate } from './tls.js';
import type { Challenge, ChallengePurpose } from '@askbox/common';
import { solveChallengeField } from '../features/challenge/solve.js';

/**
 * A fresh, migrated database for one test file: a copy of the PGlite template by default,
 * or a throw-away database on the PostgreSQL server named by TEST_DATABASE_URL.
 */
export async function openTestDatabase(): Promise<DroppableDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const database = await createThrowawayPostgres(serverUrl, 'askbox_test');
    await migrateDatabase(database);
    return database;
  }
  const template = fs.readFileSync(inject('pgliteTemplate'));
  const pglite = await PGlite.create({ loadDataDir: new Blob([template]), extensions: pgliteExtensions });
  const close = () => pglite.close();
  return { kind: 'pglite', pglite, db: drizzleOverPglite(pglite), close, drop: close };
}

export interface TestApp {
  app: AppInstance;
  ctx: ServerContext;
  database: Database;
  close(): Promise<void>;
}

/** The app on a fresh database; `clock` replaces the system clock for time-bound rules. */
export async function createTestApp(overrides: Partial<Config> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  // each app keeps its pictures and caches in a folder of its own, gone at close: runs never see each other's files
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-test-data-'));
  const config = testConfig({ webDistDir: '/nonexistent', dataDir, ...overrides });
  // outgoing requests trust the test certificate: peers and push services in tests are local https servers
  const app = await buildApp(config, database, { outboundNetwork: { ca: testCertificate }, ...options });
  await app.ready();
  return {
    app,
    ctx: app.ctx,
    database,
    async close() {
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestUser {
  id: string;
  username: string;
  email: string;
  fullname: string;
  cookie: string;
}

let counter = 0;

/** A proof-of-work challenge for `purpose`, asked for and solved as the web app does. */
export async function solvedChallenge(app: AppInstance, purpose: ChallengePurpose): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `/api/challenge?purpose=${purpose}` });
  if (response.statusCode !== 200) throw new Error(`challenge failed: ${response.statusCode} ${response.body}`);
  return solveChallengeField(response.json<{ challenge: Challenge }>().challenge as Parameters<typeof solveChallengeField>[0]);
}

/** Signs up a user through the API and returns its session cookie. */
export async function signUpUser(
  app: AppInstance,
  fields: Partial<{ username: string; email: string; fullname: string; password: string }> = {},
): Promise<TestUser> {
  counter += 1;
  const username = fields.username ?? `user${counter}_${crypto.randomBytes(3).toString('hex')}`;
  const body = {
    email: fields.email ?? `${username}@example.test`,
    username,
    fullname: fields.fullname ?? `User ${username}`,
    password: fields.password ?? 'correct horse',
    repeatPassword: fields.password ?? 'correct horse',
  };
  // SIGNUP_CHALLENGE=on: solved for real, as a browser does (cheap at the configured difficulty)
  const challenge = app.ctx.config.challenge.enabled ? await solvedChallenge(app, 'signup') : undefined;
  const response = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { ...body, ...(challenge ? { challenge } : {}) } });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'askbox_session');
  const { user } = response.json() as { user: { id: string } };
  return { id: user.id, username, email: body.email, fullname: body.fullname, cookie: `askbox_session=${cookie!.value}` };
}

/** Shorthand for an API call as a given user (or signed out). */
export function apiAs(app: AppInstance, user: TestUser | null) {
  const headers = user ? { cookie: user.cookie } : {};
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload?: unknown) => app.inject({ method: 'POST', url, headers, payload: payload as never }),
    put: (url: string, payload?: unknown) => app.inject({ method: 'PUT', url, headers, payload: payload as never }),
    patch: (url: string, payload?: unknown) => app.inject({ method: 'PATCH', url, headers, payload: payload as never }),
    delete: (url: string) => app.inject({ method: 'DELETE', url, headers }),
  };
}
