import type { ReactNode } from 'react';
import styles from './Cover.module.css';

/** A profile cover: the uploaded image, or the default gradient when there is none (spec §2). */
export function Cover({ url, className = '', testId, children }: { url: string | null | undefined; className?: string; testId?: string; children?: ReactNode }) {
  return (
    <div className={`${styles.cover} ${className}`} style={url ? { backgroundImage: `url("${url}")` } : undefined} data-testid={testId}>
      {children}
    </div>
  );
}
