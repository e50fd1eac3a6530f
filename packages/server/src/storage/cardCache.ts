import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { s3Client } from './s3Storage.js';
import { MEDIA_KEY_PATTERN } from './storage.js';

/**
 * Rendered answer cards, kept where uploaded pictures are (the disk or the bucket), under
 * `cards/<ownerId>/<answerId>/<variant>/<content hash>.png`. A changed answer, name, picture or
 * look has a new hash, so a card is never stale; storing a variant clears its older renders;
 * deleting an answer clears its folder, deleting an account the owner's. The cache also reads
 * stored pictures, which cards show.
 */
export interface CardCache {
  get(key: string): Promise<Buffer | null>;
  /** Stores `key`, removing the other renders of the same answer and variant. */
  replace(key: string, png: Buffer): Promise<void>;
  /** Removes every card of an answer. */
  deleteAnswer(ownerId: string, answerId: string): Promise<void>;
  /** Removes every card of an owner's answers. */
  deleteOwner(ownerId: string): Promise<void>;
  /** The bytes of a stored picture (a /media key), or null. */
  picture(mediaKey: string): Promise<Buffer | null>;
}

const CARD_KEY = /^cards\/([A-Za-z0-9_-]{1,64})\/([A-Za-z0-9_-]{1,64})\/([a-z]+-[a-z]+)\/[0-9a-f]{32}\.png$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** `cards/<ownerId>/<answerId>/<variant>/<hash>.png`. */
export function cardKey(ownerId: string, answerId: string, variant: string, hash: string): string {
  const key = `cards/${ownerId}/${answerId}/${variant}/${hash}.png`;
  if (!CARD_KEY.test(key)) throw new Error(`unexpected card key ${key}`);
  return key;
}

const variantFolder = (key: string) => key.slice(0, key.lastIndexOf('/') + 1);

export function createCardCache(config: Config): CardCache {
  return config.storage.driver === 's3' ? s3CardCache(config) : diskCardCache(path.resolve(config.storage.diskDir ?? config.dataDir, 'media'));
}

function diskCardCache(root: string): CardCache {
  const readOrNull = (file: string) => fs.readFile(file).catch(() => null);
  return {
    get: (key) => readOrNull(path.join(root, cardKey(...parts(key)))),
    async replace(key, png) {
      const file = path.join(root, cardKey(...parts(key)));
      const folder = path.dirname(file);
      await fs.rm(folder, { recursive: true, force: true });
      await fs.mkdir(folder, { recursive: true });
      // write then rename: a reader never sees half a file
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, png);
      await fs.rename(temp, file);
    },
    async deleteAnswer(ownerId, answerId) {
      if (!ID.test(ownerId) || !ID.test(answerId)) return;
      await fs.rm(path.join(root, 'cards', ownerId, answerId), { recursive: true, force: true });
      // the owner's folder goes with its last answer (rmdir refuses a folder that still holds some)
      await fs.rmdir(path.join(root, 'cards', ownerId)).catch(() => undefined);
    },
    async deleteOwner(ownerId) {
      if (ID.test(ownerId)) await fs.rm(path.join(root, 'cards', ownerId), { recursive: true, force: true });
    },
    picture: async (mediaKey) => (MEDIA_KEY_PATTERN.test(mediaKey) ? readOrNull(path.join(root, mediaKey)) : null),
  };
}

function s3CardCache(config: Config): CardCache {
  const settings = config.storage.s3!;
  const sdk = s3Client(settings);
  async function read(key: string): Promise<Buffer | null> {
    const { client, GetObjectCommand } = await sdk();
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }
  async function deleteUnder(prefix: string, keep?: string): Promise<void> {
    const { client, ListObjectsV2Command, DeleteObjectCommand } = await sdk();
    let token: string | undefined;
    do {
      // a listing holds at most 1000 keys: an owner with many answers takes several
      const listed = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: prefix, ContinuationToken: token }));
      const keys = (listed.Contents ?? []).map((o) => o.Key!).filter((key) => key !== keep);
      await Promise.all(keys.map((Key) => client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key }))));
      token = listed.IsTruncated ? listed.NextContinuationToken : undefined;
    } while (token);
  }
  return {
    get: (key) => read(cardKey(...parts(key))),
    async replace(key, png) {
      const { client, PutObjectCommand } = await sdk();
      await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: cardKey(...parts(key)), Body: png, ContentType: 'image/png' }));
      await deleteUnder(variantFolder(key), key);
    },
    async deleteAnswer(ownerId, answerId) {
      if (ID.test(ownerId) && ID.test(answerId)) await deleteUnder(`cards/${ownerId}/${answerId}/`);
    },
    async deleteOwner(ownerId) {
      if (ID.test(ownerId)) await deleteUnder(`cards/${ownerId}/`);
    },
    picture: async (mediaKey) => (MEDIA_KEY_PATTERN.test(mediaKey) ? read(mediaKey) : null),
  };
}

function parts(key: string): [string, string, string, string] {
  const match = CARD_KEY.exec(key);
  if (!match) throw new Error(`unexpected card key ${key}`);
  return [match[1]!, match[2]!, match[3]!, key.slice(key.lastIndexOf('/') + 1, -'.png'.length)];
}
