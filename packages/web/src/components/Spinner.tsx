import styles from './Spinner.module.css';
import { t } from '../i18n';

export function Spinner({ label = t('loading'), size = 28 }: { label?: string; size?: number }) {
  return (
    <div className={styles.wrap} role="status" aria-label={label}>
      <span className={styles.spinner} style={{ width: size, height: size }} />
    </div>
  );
}

/** The bouncing dots under infinite lists ('Scroll for more'). */
export function BouncingDots({ label = t('loadingMore') }: { label?: string }) {
  return (
    <span className={styles.dots} role="status" aria-label={label}>
      <span />
      <span />
      <span />
    </span>
  );
}
