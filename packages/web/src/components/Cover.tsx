import type { ReactNode } from 'react';
import { imageVariants } from '@askbox/common';
import { coverBackground } from './defaultPicture';
import styles from './Cover.module.css';

/** The cover at the width the screen needs: 750 px on a 1× screen, 1500 px from 2× (the column is 500 px wide). */
function coverImage(url: string): string {
  const variants = imageVariants(url);
  if (!variants) return `url("${url}")`;
  const byWidth = [...variants].sort((a, b) => a.width - b.width);
  return `image-set(${byWidth.map((v, i) => `url("${v.url}") ${i + 1}x`).join(', ')})`;
}

/**
 * A profile cover: the uploaded image, or the default gradient when there is none, in
 * the owner's colour when `seed` (the username) is given.
 */
export function Cover({
  url,
  seed,
  className = '',
  testId,
  children,
}: {
  url: string | null | undefined;
  seed?: string;
  className?: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <div
      className={`${styles.cover} ${className}`}
      style={url ? { backgroundImage: coverImage(url) } : seed ? { backgroundImage: coverBackground(seed) } : undefined}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
