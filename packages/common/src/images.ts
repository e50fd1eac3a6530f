/**
 * The widths an uploaded picture is stored in, made once at upload (decision 147): the first is
 * the one the profile points at (the zoom view, the header), the others serve small slots (a 48 px
 * avatar needs 96 px on a 2× screen, not 400). All are JPEGs of the same crop.
 */
export const IMAGE_WIDTHS = { profile: [400, 96], cover: [1500, 750] } as const;
export type ImageKind = keyof typeof IMAGE_WIDTHS;

const STORED = /^(.*\/(profile|cover)-\d+)-(\d+)\.jpg$/;

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
