import type { ReactNode } from 'react';
import { imageVariants } from '@askbox/common';
import { DEFAULT_COVER } from './defaultPicture';
import styles from './Cover.module.css';

/** The cover at the width the screen needs: 750 px on a 1× screen, 1500 px from 2× (the column is 500 px wide). */
function coverImage(url: string): string {
  const variants = imageVariants(url);
  if (!variants) return `url("${url}")`;
  const byWidth = [...variants].sort((a, b) => a.width - b.width);
  return `image-set(${byWidth.map((v, i) => `url("${v.url}") ${i + 1}x`).join(', ')})`;
}

/** A profile cover: the uploaded image, or the default one (the brand gradient) when there is none. */
export function Cover({
  url,
  className = '',
  testId,
  children,
}: {
  url: string | null | undefined;
  className?: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <div className={`${styles.cover} ${className}`} style={{ backgroundImage: url ? coverImage(url) : DEFAULT_COVER }} data-testid={testId}>
      {children}
    </div>
  );
}
