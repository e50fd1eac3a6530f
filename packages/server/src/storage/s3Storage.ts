import { onFirstUse } from '../firstUse.js';
import { MEDIA_KEY_PATTERN, mediaKeyOf, mediaUrlOf, type MediaStorage } from './storage.js';

export interface S3Settings {
  bucket: string;
  region: string;
  /** S3-compatible services (MinIO, Garage, R2...): their URL; empty for AWS */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (most self-hosted services) rather than in the host name */
  forcePathStyle: boolean;
  /** when the bucket (or a CDN before it) is publicly readable: its base URL, e.g. https://cdn.example.org/askbox */
  publicUrl?: string;
}

/** Where the browser is sent for a picture: the origin the Content-Security-Policy must allow images from. */
export function s3MediaOrigin(settings: S3Settings): string {
  if (settings.publicUrl) return new URL(settings.publicUrl).origin;
  if (settings.endpoint) {
    const endpoint = new URL(settings.endpoint);
    return settings.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}`;
  }
  return settings.forcePathStyle ? `https://s3.${settings.region}.amazonaws.com` : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`;
}

/** The AWS SDK, loaded by the first S3 call: a server that keeps its pictures on disk never needs it (decision 195). */
const loadSdk = onFirstUse(async () => {
  const [client, presigner] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]);
  return { ...client, getSignedUrl: presigner.getSignedUrl };
});

/** How long a signed link is valid; links are signed per hour, so a browser keeps reusing the same one. */
const SIGNED_FOR_SECONDS = 2 * 3600;

/** A client for the bucket, made on first use (the card cache shares it). */
export function s3Client(settings: S3Settings) {
  return onFirstUse(async () => {
    const loaded = await loadSdk();
    const client = new loaded.S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      // checksums only where S3 requires them: many compatible services do not know the newer ones
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return { ...loaded, client };
  });
}

/**
 * Pictures in an S3-compatible bucket. The app keeps its own URLs (/media/<key>, so switching
 * backends never rewrites rows); GET /media/<key> answers with a redirect to the public URL, or to a
 * link signed for two hours (signed at the start of the hour: the same link all hour long, so the
 * browser's cache works).
 */
export function s3Storage(settings: S3Settings): MediaStorage & { locationOf(key: string, now?: Date): Promise<{ url: string; maxAgeSeconds: number }> } {
  const sdk = s3Client(settings);
  const checked = (key: string) => {
    if (!MEDIA_KEY_PATTERN.test(key)) throw new Error(`refusing unexpected key ${key}`);
    return key;
  };
  return {
    async put(key, data, contentType) {
      const { client, PutObjectCommand } = await sdk();
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: checked(key),
          Body: data,
          ContentType: contentType,
          // keys carry a timestamp: a key never changes content
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      const { client, GetObjectCommand } = await sdk();
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: checked(key) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(key) {
      // deleting a missing object is not an error in S3
      const { client, DeleteObjectCommand } = await sdk();
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: checked(key) }));
    },
    urlOf: mediaUrlOf,
    keyOf: mediaKeyOf,
    async locationOf(key, now = new Date()) {
      if (settings.publicUrl) return { url: `${settings.publicUrl.replace(/\/$/, '')}/${checked(key)}`, maxAgeSeconds: 31_536_000 };
      const hourStart = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
      const { client, GetObjectCommand, getSignedUrl } = await sdk();
      const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: settings.bucket, Key: checked(key) }), {
        expiresIn: SIGNED_FOR_SECONDS,
        signingDate: hourStart,
      });
      // the redirect may be reused until shortly before the link expires
      const maxAgeSeconds = Math.max(0, Math.floor((hourStart.getTime() + SIGNED_FOR_SECONDS * 1000 - now.getTime()) / 1000) - 300);
      return { url, maxAgeSeconds };
    },
  };
}
