import { KeyRound } from 'lucide-react';
import { errorMessage } from '../../api/client';
import { passkeysSupported, usePasskeySignIn } from './api';
import { t } from '../../i18n';

/**
 * 'Sign in with a passkey' on the log-in screen (no token: password-less), or 'Use a passkey
 * instead' at the code step (the password step's token: the passkey is the second factor).
 */
export function PasskeySignInButton({ token, onError }: { token?: string; onError(message: string): void }) {
  const signIn = usePasskeySignIn();
  if (!passkeysSupported()) return null;
  const label = token ? t('secondFactor.usePasskey') : t('signInWithPasskey');
  return (
    <button
      type="button"
      className="btn btn-secondary btn-block"
      onClick={() => signIn.mutate(token, { onError: (e) => onError(errorMessage(e)) })}
      disabled={signIn.isPending}
      aria-busy={signIn.isPending}
    >
      <KeyRound size={18} aria-hidden /> {signIn.isPending ? t('signingInWithPasskey') : label}
    </button>
  );
}
