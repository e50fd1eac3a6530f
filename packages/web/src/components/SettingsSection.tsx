import type { ReactNode } from 'react';
import styles from './SettingsSection.module.css';

/** Class names for the tappable rows of a settings section (links or buttons). */
export const settingsRow = styles.row;
export const settingsDangerRow = `${styles.row} ${styles.danger}`;

/** One card of the Settings screen: a titled section (the title names it for screen readers). */
export function SettingsSection({ id, title, accent = false, children }: { id: string; title: string; accent?: boolean; children: ReactNode }) {
  return (
    <section className={`card ${styles.section} ${accent ? styles.accent : ''}`} aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}
