import { useId, useState, type ReactNode } from 'react';
import { t } from '../../i18n';
import styles from './AnswerExtras.module.css';

/**
 * An answer behind its content warning (decision 315): the warning and a 'Show' button; the answer
 * is in the page only once opened. The button says whether it is open (aria-expanded) and which
 * part it opens, so keyboards and screen readers use it like any disclosure.
 */
export function ContentWarning({ warning, children }: { warning: string | null; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!warning) return <>{children}</>;
  return (
    <div className={styles.warned}>
      <p className={styles.warning}>
        <span className={styles.warningLabel}>{t('contentWarning')}</span>
        <span className={styles.warningText}>{warning}</span>
        <button type="button" className="btn btn-secondary btn-small" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {open ? t('hideAnswer') : t('showAnswer')}
        </button>
      </p>
      <div id={id} hidden={!open}>
        {open && children}
      </div>
    </div>
  );
}
