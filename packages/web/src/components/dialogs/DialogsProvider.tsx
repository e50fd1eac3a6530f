import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

import { useFocusTrap } from '../useFocusTrap';
import styles from './Dialogs.module.css';
import { t } from '../../i18n';

interface DialogRequest {
  kind: 'confirm' | 'alert';
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  danger: boolean;
  resolve(value: boolean): void;
}

interface Toast {
  id: number;
  text: string;
}

export interface Dialogs {
  /**
   * The spec's confirms: resolves true on OK, false on Cancel or Escape. Destructive ones name
   * their action on a danger-styled button (`confirmLabel: 'Delete', danger: true`); `cancelLabel`
   * names the safe way out when 'Cancel' would be ambiguous ('Keep editing' after a form's Cancel).
   */
  confirm(text: string, options?: { confirmLabel?: string; cancelLabel?: string; danger?: boolean }): Promise<boolean>;
  /** The spec's alerts that need acknowledging (errors, refusals). */
  alert(text: string): Promise<void>;
  /** Short success messages, announced politely; a new one replaces the one on screen. */
  toast(text: string): void;
}

const DialogsContext = createContext<Dialogs | null>(null);

export function useDialogs(): Dialogs {
  const dialogs = useContext(DialogsContext);
  if (!dialogs) throw new Error('useDialogs outside DialogsProvider');
  return dialogs;
}

/** In-app replacements for window.alert/confirm: role=alertdialog, focus trapped, Escape cancels. */
export function DialogsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<DialogRequest[]>([]);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextToastId = useRef(1);
  const toastTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const open = useCallback(
    (kind: DialogRequest['kind'], text: string, confirmLabel: string, cancelLabel = t('cancel'), danger = false) =>
      new Promise<boolean>((resolve) => setQueue((q) => [...q, { kind, text, confirmLabel, cancelLabel, danger, resolve }])),
    [],
  );

  const dialogs = useMemo<Dialogs>(
    () => ({
      confirm: (text, options) => open('confirm', text, options?.confirmLabel ?? t('ok'), options?.cancelLabel, options?.danger),
      alert: async (text) => {
        await open('alert', text, t('ok'));
      },
      toast: (text) => {
        // one toast at a time: stacked toasts covered the screen after a few quick actions
        const id = nextToastId.current++;
        setToasts([{ id, text }]);
        clearTimeout(toastTimer.current);
        toastTimer.current = setTimeout(() => setToasts([]), 3500);
      },
    }),
    [open],
  );

  const current = queue[0];
  const close = (value: boolean) => {
    current?.resolve(value);
    setQueue((q) => q.slice(1));
  };

  return (
    <DialogsContext.Provider value={dialogs}>
      {children}
      {current && <AlertDialog request={current} onClose={close} />}
      <div className={styles.toasts} role="status" aria-live="polite">
        {toasts.map((t) => (
          <div key={t.id} className={styles.toast}>
            {t.text}
          </div>
        ))}
      </div>
    </DialogsContext.Provider>
  );
}

function AlertDialog({ request, onClose }: { request: DialogRequest; onClose(value: boolean): void }) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  // a destructive confirm opens on Cancel, so a second Enter never deletes by accident
  const safest = request.kind === 'confirm' && request.danger ? cancelRef : confirmRef;
  const trap = useFocusTrap<HTMLDivElement>({ onEscape: () => onClose(false), initialFocus: safest });

  return (
    <div className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && onClose(false)}>
      <div
        className={styles.dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="app-dialog-text"
        // a click on the text keeps focus in the dialog (else it falls to <body> and Escape/Tab escape the trap)
        tabIndex={-1}
        {...trap}
      >
        <p id="app-dialog-text" className={styles.text}>
          {request.text}
        </p>
        <div className={styles.actions}>
          {request.kind === 'confirm' && (
            <button ref={cancelRef} type="button" className="btn btn-secondary" onClick={() => onClose(false)}>
              {request.cancelLabel}
            </button>
          )}
          <button ref={confirmRef} type="button" className={`btn ${request.danger ? 'btn-danger' : 'btn-primary'}`} onClick={() => onClose(true)}>
            {request.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
