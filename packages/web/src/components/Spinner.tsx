import styles from './Spinner.module.css';

export function Spinner({ label = 'Loading', size = 28 }: { label?: string; size?: number }) {
  return (
    <div className={styles.wrap} role="status" aria-label={label}>
      <span className={styles.spinner} style={{ width: size, height: size }} />
    </div>
  );
}

/** The bouncing dots under infinite lists ('Scroll for more'). */
export function BouncingDots({ label = 'Loading more' }: { label?: string }) {
  return (
    <span className={styles.dots} role="status" aria-label={label}>
      <span />
      <span />
      <span />
    </span>
  );
}
