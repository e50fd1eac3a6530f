import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

import { ErrorBox } from '../../components/ErrorBox';
import { CodeField } from './CodeField';
import { Modal } from '../../components/Modal';
import { ApiError, errorMessage } from '../../api/client';
import { confirmSecondFactor, type SecondFactorGuard } from './api';
import { t } from '../../i18n';

interface Asking {
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Sensitive changes (turning two-factor sign-in off, a new password, the export, deleting the
 * account) need a second factor proved in the last minutes. `guard(send)` sends the request; when
 * the server answers 'second_factor_required' it asks for a code, confirms it, and sends the same
 * request again. Cancelling gives back the server's refusal. The question is drawn by the caller:
 * `prompt` inline (inside a modal that is already open), or `dialog` (a modal of its own).
 */
export function useSecondFactorGate(): { guard: SecondFactorGuard; asking: boolean; prompt: ReactNode; dialog: ReactNode } {
  const [asking, setAsking] = useState<Asking | null>(null);

  const guard = useCallback<SecondFactorGuard>(async (send) => {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'second_factor_required')) throw error;
      await new Promise<void>((resolve, reject) => setAsking({ resolve, reject: () => reject(error) }));
      return send();
    }
  }, []);

  const done = () => {
    asking?.resolve();
    setAsking(null);
  };
  const cancel = () => {
    asking?.reject(null);
    setAsking(null);
  };
  const prompt = asking ? <ConfirmCodeForm onConfirmed={done} onCancel={cancel} /> : null;
  const dialog = asking ? (
    <Modal title={t('twoFactor.confirmTitle')} onClose={cancel}>
      {prompt}
    </Modal>
  ) : null;
  return { guard, asking: asking !== null, prompt, dialog };
}

/** 'Confirm it is you': a code from the app or a recovery code (spent). */
function ConfirmCodeForm({ onConfirmed, onCancel }: { onConfirmed(): void; onCancel(): void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setSending(true);
    try {
      await confirmSecondFactor({ code });
      onConfirmed();
    } catch (e) {
      setError(errorMessage(e));
      setCode('');
      setSending(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <p className="hint">{t('twoFactor.confirmIntro')}</p>
      {error && <ErrorBox>{error}</ErrorBox>}
      <CodeField label={t('twoFactor.confirmCodeLabel')} value={code} onChange={setCode} inputRef={input} />
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={sending}>
          {t('cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={sending || code.trim() === ''}>
          {sending ? t('twoFactor.confirming') : t('twoFactor.confirm')}
        </button>
      </div>
    </form>
  );
}
