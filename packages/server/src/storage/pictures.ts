import { IMAGE_WIDTHS, imageVariants, type ImageKind } from '@askbox/common';
import { downscale, imageSize, isStoredForm, processImage } from './images.js';
import { mediaKeyFor, type MediaStorage } from './storage.js';

/**
 * Stores an uploaded picture in every width of IMAGE_WIDTHS (re-encoded, EXIF gone) and returns
 * the URL of the largest, which the profile keeps; the others are found from it (imageVariants).
 * A bad image throws before anything is written.
 */
export async function storePicture(storage: MediaStorage, userId: string, kind: ImageKind, bytes: Buffer, at: Date = new Date()): Promise<string> {
  return (await storeSizedPicture(storage, userId, kind, bytes, at)).url;
}

/** storePicture, with the pixel size of the largest width. */
export async function storeSizedPicture(
  storage: MediaStorage,
  userId: string,
  kind: ImageKind,
  bytes: Buffer,
  at: Date = new Date(),
): Promise<{ url: string; width: number; height: number }> {
  const [largest, ...smaller] = IMAGE_WIDTHS[kind];
  const main = await processImage(bytes, kind);
  const size = await imageSize(main);
  const files = [{ width: largest, data: main }, ...(await Promise.all(smaller.map(async (width) => ({ width, data: await downscale(main, width) }))))];
  const keys: string[] = [];
  try {
    for (const file of files) {
      const key = mediaKeyFor(userId, kind, at, file.width);
      await storage.put(key, file.data, 'image/jpeg');
      keys.push(key);
    }
  } catch (error) {
    await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
  return { url: storage.urlOf(keys[0]!), ...size };
}

/** Deletes a stored picture in all its widths; default images and foreign URLs are left alone. */
export async function deletePicture(storage: MediaStorage, url: string): Promise<void> {
  const urls = imageVariants(url)?.map((v) => v.url) ?? [url];
  const keys = urls.map((u) => storage.keyOf(u)).filter((key): key is string => key !== null);
  await Promise.all(keys.map((key) => storage.delete(key)));
}

/**
 * Stores a picture that comes from an account archive: kept byte for byte when it is already in
 * the form Askbox stores (isStoredForm), re-encoded like an upload otherwise. Its smaller widths
 * are made from it. The same `at` gives the same keys, so storing it again overwrites, never duplicates.
 */
export async function storeArchivedPicture(
  storage: MediaStorage,
  userId: string,
  kind: ImageKind,
  bytes: Buffer,
  at: Date,
): Promise<{ url: string; width: number; height: number }> {
  if (!(await isStoredForm(bytes, kind))) return storeSizedPicture(storage, userId, kind, bytes, at);
  const [largest, ...smaller] = IMAGE_WIDTHS[kind];
  const size = await imageSize(bytes);
  const files = [{ width: largest, data: bytes }, ...(await Promise.all(smaller.map(async (width) => ({ width, data: await downscale(bytes, width) }))))];
  for (const file of files) await storage.put(mediaKeyFor(userId, kind, at, file.width), file.data, 'image/jpeg');
  return { url: storage.urlOf(mediaKeyFor(userId, kind, at, largest)), ...size };
}
