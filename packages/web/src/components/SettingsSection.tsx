import type { ReactNode } from 'react';
import styles from './SettingsSection.module.css';

/** Class names for the tappable rows of a settings section (links or buttons). */
export const settingsRow = styles.row;
export const settingsDangerRow = `${styles.row} ${styles.danger}`;
/** The muted sentence that explains a setting (give it the id the setting's aria-describedby names). */
export const settingsExplanation = styles.explanation;

/** A setting that is on or off: a labelled native checkbox drawn as a switch (keyboard and role stay the browser's). */
export function SettingSwitch(props: { label: string; checked: boolean; disabled?: boolean; describedBy?: string; onChange: (on: boolean) => void }) {
  return (
    <label className={styles.switchRow}>
      <span>{props.label}</span>
      <input
        type="checkbox"
        role="switch"
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        onChange={(event) => props.onChange(event.target.checked)}
      />
    </label>
  );
}

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
