import { useEffect, useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { useFocusTrap } from './useFocusTrap';
import styles from './Modal.module.css';
import { t } from '../i18n';

/**
 * A modal dialog (role=dialog) with a title, focus kept inside, Escape and backdrop close it.
 * Drawn at the end of <body> (a portal), so it looks the same wherever it is opened: inside a
 * post or a cover it would inherit their font sizes and button styles.
 */
export function Modal({ title, onClose, children, hideTitle = false }: { title: string; onClose(): void; children: ReactNode; hideTitle?: boolean }) {
  const titleId = useId();
  const trap = useFocusTrap<HTMLDivElement>({ onEscape: onClose });

  // the page under the modal does not scroll
  useEffect(() => {
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
    };
  }, []);

  return createPortal(
    <div className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className={styles.modal} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} {...trap}>
        <header className={styles.header}>
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : styles.title}>
            {title}
          </h2>
          <button type="button" className="icon-btn" aria-label={t('close')} onClick={onClose}>
            <X size={22} aria-hidden />
          </button>
        </header>
        <div className={styles.body}>{children}</div>
      </div>
    </div>,
    document.body,
  );
}
