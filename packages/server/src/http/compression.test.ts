import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createTestApp, signUpUser, type TestApp } from '../test/harness.js';

/** A built web app in miniature: the shell, one hashed asset with its .br and .gz next to it. */
let dist: string;
let t: TestApp;
const script = `console.log(${JSON.stringify('askbox '.repeat(400))});`;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><html><body><div id="root">${'<p>splash</p>'.repeat(200)}</div></body></html>`);
  fs.writeFileSync(path.join(dist, 'assets/app-abc123.js'), script);
  fs.writeFileSync(path.join(dist, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, 'assets/app-abc123.js.gz'), zlib.gzipSync(script));
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('chunks of the previous build', () => {
  it('stay reachable beside the current build (tabs opened before a deploy load them lazily)', async () => {
    const previous = `${dist}-previous`;
    fs.mkdirSync(path.join(previous, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(previous, 'assets/old-chunk-999.js'), 'console.log("old")');
    const app = await createTestApp({ webDistDir: dist });
    try {
      const old = await app.app.inject({ method: 'GET', url: '/assets/old-chunk-999.js' });
      expect(old.statusCode).toBe(200);
      expect(old.body).toBe('console.log("old")');
      expect((await app.app.inject({ method: 'GET', url: '/assets/app-abc123.js' })).body).toBe(script);
    } finally {
      await app.close();
      fs.rmSync(previous, { recursive: true, force: true });
    }
  });
});

describe('compressed transfer', () => {
  it('sends the pre-compressed copy of an asset the browser accepts, with Vary and the immutable cache', async () => {
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(res.rawPayload).toString()).toBe(script);
    }
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses JSON and the app shell for browsers that ask, and leaves small or unasked responses alone', async () => {
    const user = await signUpUser(t.app);
    const shell = await t.app.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': 'br' } });
    expect(shell.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(shell.rawPayload).toString()).toContain('<div id="root">');
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip', cookie: user.cookie } });
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(docs.rawPayload).toString())).toHaveProperty('openapi');
    const small = await apiAs(t.app, user).get('/api/me');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toHaveProperty('user');
  });
});
