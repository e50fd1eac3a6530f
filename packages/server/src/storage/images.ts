import { sniffImageType, type ImageKind } from '@askbox/common';
import { onFirstUse } from '../firstUse.js';
import { AppError } from '../errors.js';
import { concurrencyLimit } from '../concurrencyLimit.js';

/** sharp and libvips, loaded by the first picture (decision 195) */
const loadSharp = onFirstUse(async () => (await import('sharp')).default);

export type { ImageKind } from '@askbox/common';

/**
 * Pictures decoded at once, process-wide. A 50-megapixel upload holds ~200 MB while it is decoded,
 * and each job a libuv thread (4 by default, shared with scrypt, DNS and files): a burst of uploads
 * waits in line instead of exhausting memory or stalling logins.
 */
export const IMAGE_JOBS_AT_ONCE = 2;
const imageJob = concurrencyLimit(IMAGE_JOBS_AT_ONCE);

/**
 * The size an upload is cropped to; smaller widths are made from it (IMAGE_WIDTHS). An answer's
 * picture is not cropped: it fits inside its box, never enlarged.
 */
const SIZES: Record<ImageKind, { width: number; height: number; fit: 'cover' | 'inside' }> = {
  profile: { width: 400, height: 400, fit: 'cover' },
  cover: { width: 1500, height: 500, fit: 'cover' },
  answer: { width: 1200, height: 1200, fit: 'inside' },
};

/**
 * Re-encodes an upload as a JPEG of the kind's size. Re-encoding drops EXIF (GPS, camera) and
 * every other metadata; the orientation is applied first so the picture stays upright.
 */
export async function processImage(bytes: Buffer, kind: ImageKind): Promise<Buffer> {
  if (!sniffImageType(bytes)) throw new AppError('invalid_image');
  const { width, height, fit } = SIZES[kind];
  const sharp = await loadSharp();
  try {
    return await imageJob(() =>
      sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 })
        .rotate()
        .resize(width, height, fit === 'cover' ? { fit, position: 'attention' } : { fit, withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 84, mozjpeg: true })
        .toBuffer(),
    );
  } catch {
    // truncated or corrupt data behind valid magic bytes
    throw new AppError('invalid_image');
  }
}

/** The same picture at a smaller width (same crop), for small slots. */
export async function downscale(jpeg: Buffer, width: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return imageJob(() => sharp(jpeg).resize({ width, withoutEnlargement: true }).jpeg({ quality: 82, mozjpeg: true }).toBuffer());
}

/** The pixel size of a re-encoded picture (an answer's picture keeps its proportions: the page reserves them). */
export async function imageSize(jpeg: Buffer): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  const { width, height } = await sharp(jpeg).metadata();
  return { width: width ?? 0, height: height ?? 0 };
}

/**
 * Whether a picture can be stored as it is: a JPEG no larger than the kind's size, carrying no
 * metadata (EXIF, ICC, XMP, IPTC) — what processImage itself produces. A picture from an account
 * archive made by Askbox passes, so its bytes survive a move; any other is re-encoded.
 */
export async function isStoredForm(bytes: Buffer, kind: ImageKind): Promise<boolean> {
  if (sniffImageType(bytes) !== 'jpeg') return false;
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes, { failOn: 'error' }).metadata();
    const { width, height } = SIZES[kind];
    const fits = (meta.width ?? Infinity) <= width && (meta.height ?? Infinity) <= height;
    return meta.format === 'jpeg' && fits && !meta.exif && !meta.icc && !meta.xmp && !meta.iptc && (meta.orientation ?? 1) === 1;
  } catch {
    return false;
  }
}
