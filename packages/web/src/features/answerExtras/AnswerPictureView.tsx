import { imageVariants, type AnswerPicture } from '@askbox/common';
import styles from './AnswerExtras.module.css';

/**
 * The `srcset` of an answer's picture with each file's true width: a picture smaller than the
 * stored widths (never enlarged) is narrower than its file names say.
 */
function answerSrcSet(picture: AnswerPicture): string | undefined {
  const variants = imageVariants(picture.url);
  if (!variants) return undefined;
  const seen = new Set<number>();
  return variants
    .map((v) => ({ url: v.url, width: Math.min(v.width, picture.width) }))
    .filter((v) => !seen.has(v.width) && seen.add(v.width))
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}

/**
 * An answer's picture with its alt text: loaded when it nears the screen, its box reserved at the
 * picture's proportions (width/height), so nothing below moves when it arrives.
 */
export function AnswerPictureView({ picture }: { picture: AnswerPicture }) {
  return (
    <img
      className={styles.picture}
      src={picture.url}
      srcSet={answerSrcSet(picture)}
      sizes="(max-width: 640px) 100vw, 600px"
      alt={picture.alt}
      width={picture.width}
      height={picture.height}
      loading="lazy"
      decoding="async"
    />
  );
}
