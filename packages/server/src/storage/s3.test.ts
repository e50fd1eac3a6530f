import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createStorage } from './index.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../test/harness.js';

/**
 * STORAGE=s3 against a real S3 API (s3rver, started here on a free port): the same pipeline as the
 * disk (re-encoded, every width), served by redirect to a signed link, old files deleted.
 */
const BUCKET = 'askbox-media';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let server: S3rver;
let endpoint: string;
let dir: string;
let s3: S3Client;
let t: TestApp;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-s3-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', directory: dir, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const address = (await server.run()) as { port: number };
  endpoint = `http://127.0.0.1:${address.port}`;
  s3 = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  const settings = { bucket: BUCKET, region: 'us-east-1', endpoint, forcePathStyle: true, publicUrl: undefined, ...credentials };
  t = await createTestApp({ storage: { driver: 's3', diskDir: undefined, s3: settings } });
});
afterAll(async () => {
  await t?.close();
  s3?.destroy();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function multipart(bytes: Buffer) {
  const boundary = '----askboxs3test';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`);
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (user: TestUser, url: string, bytes: Buffer) => {
  const body = multipart(bytes);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie: user.cookie } });
};
const picture = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .withExif({ IFD0: { Copyright: 'secret-exif-marker' } })
    .png()
    .toBuffer();
const exists = (key: string) =>
  s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
    () => true,
    () => false,
  );

describe('STORAGE=s3', () => {
  it('is configured from the environment, and refuses to start half-configured', () => {
    const config = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'b',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    });
    expect(config.storage.s3).toMatchObject({ bucket: 'b', region: 'us-east-1', endpoint: 'http://minio:9000', forcePathStyle: true });
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
  });

  it('stores every width in the bucket, serves them by a signed redirect, and deletes the old ones', async () => {
    const user = await signUpUser(t.app);
    const first = await upload(user, '/api/me/avatar', await picture(900, 600, '#c82850'));
    expect(first.statusCode).toBe(200);
    const url: string = first.json().user.photoURL;
    expect(url).toMatch(new RegExp(`^/media/users/${user.id}/profile-\\d+-400\\.jpg$`));
    const key = url.slice('/media/'.length);
    const smallKey = key.replace(/-400\.jpg$/, '-96.jpg');
    expect([await exists(key), await exists(smallKey)]).toEqual([true, true]);

    const redirect = await t.app.inject({ method: 'GET', url });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const location = String(redirect.headers.location);
    expect(location.startsWith(`${endpoint}/${BUCKET}/${key}?`)).toBe(true);
    expect(location).toContain('X-Amz-Signature=');
    // the same link all hour long, so the browser cache works
    expect((await t.app.inject({ method: 'GET', url })).headers.location).toBe(location);
    const image = await fetch(location);
    expect(image.status).toBe(200);
    const bytes = Buffer.from(await image.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 400, 400, undefined]);
    expect(bytes.includes(Buffer.from('secret-exif-marker'))).toBe(false);
    const small = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: smallKey }));
    expect((await sharp(Buffer.from(await small.Body!.transformToByteArray())).metadata()).width).toBe(96);
    // the Content-Security-Policy lets the browser follow the redirect for images
    expect(redirect.headers['content-security-policy']).toContain(`img-src 'self' data: blob: ${endpoint}`);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await upload(user, '/api/me/avatar', await picture(50, 50, '#00ff00'));
    expect(second.json().user.photoURL).not.toBe(url);
    expect([await exists(key), await exists(smallKey)]).toEqual([false, false]);
  });

  it('reads a stored picture back for an account archive, and a missing one as nothing', async () => {
    const user = await signUpUser(t.app);
    expect((await upload(user, '/api/me/avatar', await picture(300, 300, '#3366cc'))).statusCode).toBe(200);
    const photoURL = (await apiAs(t.app, user).get(`/api/users/${user.username}`)).json().user.photoURL as string;
    const storage = createStorage(t.ctx.config);
    const key = storage.keyOf(photoURL)!;
    const inBucket = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    expect((await storage.get(key))!.equals(Buffer.from(await inBucket.Body!.transformToByteArray()))).toBe(true);
    expect(await storage.get(key.replace(/-\d+\.jpg$/, '-99.jpg'))).toBeNull();
  });

  it('refuses keys the app never writes, and a bad image leaves the bucket untouched', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/media/../../etc/passwd' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/users/x/notes.txt' })).statusCode).toBe(404);
    const user = await signUpUser(t.app);
    const bad = await upload(user, '/api/me/cover', Buffer.from('not an image at all, just text'));
    expect(bad.statusCode).toBe(400);
    expect(
      await apiAs(t.app, user)
        .get(`/api/users/${user.username}`)
        .then((r) => r.json().user.coverURL),
    ).toBeNull();
  });
});
