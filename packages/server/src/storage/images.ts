import sharp from 'sharp';
import { en, type ImageKind } from '@askbox/common';
import { badRequest } from '../http/errors.js';

export type { ImageKind } from '@askbox/common';

/** The size an upload is cropped to; smaller widths are made from it (IMAGE_WIDTHS). */
const SIZES: Record<ImageKind, { width: number; height: number }> = {
  profile: { width: 400, height: 400 },
  cover: { width: 1500, height: 500 },
};

/** The formats we accept, recognised by their first bytes (never by the file name or the client's type). */
function sniffImageType(bytes: Buffer): 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  const brand = bytes.subarray(4, 12).toString('latin1');
  if (brand === 'ftypavif' || brand === 'ftypavis') return 'avif';
  return null;
}

/**
 * Re-encodes an upload as a JPEG of the kind's size. Re-encoding drops EXIF (GPS, camera) and
 * every other metadata; the orientation is applied first so the picture stays upright.
 */
export async function processImage(bytes: Buffer, kind: ImageKind): Promise<Buffer> {
  if (!sniffImageType(bytes)) throw badRequest(en.imageInvalid, 'invalid_image');
  const { width, height } = SIZES[kind];
  try {
    return await sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 })
      .rotate()
      .resize(width, height, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 84, mozjpeg: true })
      .toBuffer();
  } catch {
    // truncated or corrupt data behind valid magic bytes
    throw badRequest(en.imageInvalid, 'invalid_image');
  }
}

/** The same picture at a smaller width (same crop), for small slots. */
export async function downscale(jpeg: Buffer, width: number): Promise<Buffer> {
  return sharp(jpeg).resize({ width }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}
