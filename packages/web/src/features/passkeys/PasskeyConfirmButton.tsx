import { KeyRound } from 'lucide-react';
import { errorMessage } from '../../api/client';
import { passkeysSupported, usePasskeyConfirm, usePasskeys } from './api';
import { t } from '../../i18n';

/** 'Use a passkey instead' when asked to confirm it is you: shown to someone who has a passkey, on a browser that can use it. */
export function PasskeyConfirmButton({ onConfirmed, onError, disabled }: { onConfirmed(): void; onError(message: string): void; disabled?: boolean }) {
  const supported = passkeysSupported();
  const own = usePasskeys();
  const confirm = usePasskeyConfirm();
  if (!supported || !own.data?.items.length) return null;
  return (
    <button
      type="button"
      className="btn btn-secondary btn-block"
      onClick={() => confirm.mutate(undefined, { onSuccess: (done) => done && onConfirmed(), onError: (e) => onError(errorMessage(e)) })}
      disabled={disabled || confirm.isPending}
      aria-busy={confirm.isPending}
    >
      <KeyRound size={18} aria-hidden /> {t('secondFactor.usePasskey')}
    </button>
  );
}
