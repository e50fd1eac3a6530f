import { imageSrcSet, type AnswerPicture } from '@askbox/common';
import styles from './AnswerExtras.module.css';

/**
 * An answer's picture with its alt text: loaded when it nears the screen, its box reserved at the
 * picture's proportions (width/height), so nothing below moves when it arrives.
 */
export function AnswerPictureView({ picture }: { picture: AnswerPicture }) {
  return (
    <img
      className={styles.picture}
      src={picture.url}
      srcSet={imageSrcSet(picture.url)}
      sizes="(max-width: 640px) 100vw, 600px"
      alt={picture.alt}
      width={picture.width}
      height={picture.height}
      loading="lazy"
      decoding="async"
    />
  );
}
