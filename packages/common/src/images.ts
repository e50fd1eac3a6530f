/**
 * The widths an uploaded picture is stored in, made once at upload (decision 147): the first is
 * the one the profile points at (the zoom view, the header), the others serve small slots (a 48 px
 * avatar needs 96 px on a 2× screen, not 400). All are JPEGs of the same crop. An answer's picture
 * keeps its own proportions (at most 1200 px either way, decision 316).
 */
export const IMAGE_WIDTHS = { profile: [400, 96], cover: [1500, 750], answer: [1200, 600] } as const;
export type ImageKind = keyof typeof IMAGE_WIDTHS;

const STORED = /^(.*\/(profile|cover|answer)-\d+)-(\d+)\.jpg$/;

/**
 * Every stored width of an uploaded picture, for `srcset`; null for pictures stored in one size
 * only (the default images, uploads made before variants existed).
 */
export function imageVariants(url: string): { width: number; url: string }[] | null {
  const match = STORED.exec(url);
  if (!match) return null;
  const widths: readonly number[] = IMAGE_WIDTHS[match[2] as ImageKind];
  if (widths[0] !== Number(match[3])) return null;
  return widths.map((width) => ({ width, url: `${match[1]}-${width}.jpg` }));
}

/** A `srcset` value for the picture, or undefined when it has one size only. */
export function imageSrcSet(url: string): string | undefined {
  return imageVariants(url)
    ?.map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

/** How many first bytes `sniffImageType` needs. */
export const IMAGE_SNIFF_BYTES = 12;

/**
 * The formats we accept, recognised by their first bytes (never by the file name or the client's
 * type): the server refuses anything else, and the web app says so as soon as a file is picked.
 */
export function sniffImageType(bytes: Uint8Array): ImageFormat | null {
  if (bytes.length < IMAGE_SNIFF_BYTES) return null;
  const text = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'png';
  if (text(0, 4) === 'GIF8') return 'gif';
  if (text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return 'webp';
  const brand = text(4, 12);
  if (brand === 'ftypavif' || brand === 'ftypavis') return 'avif';
  return null;
}
