import { useState } from 'react';
import { EmailField } from '../../components/EmailField';
import { ErrorBox } from '../../components/ErrorBox';
import { errorMessage } from '../../api/client';
import { t } from '../../i18n';
import { useAppConfig, useMe } from '../session/api';
import { useChangeUnconfirmedAddress, useResendConfirmation } from './api';
import { useSecondFactorGate } from '../twoFactor/SecondFactorGate';
import styles from './InstanceAccess.module.css';

/** EMAIL_VERIFICATION=on: until the address is confirmed, asking and answering wait; this says so, with Resend and Change address. */
export function VerificationBanner() {
  const { data: me } = useMe();
  const rules = useAppConfig().data?.signup;
  const resend = useResendConfirmation();
  const gate = useSecondFactorGate();
  const change = useChangeUnconfirmedAddress(gate.guard);
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!me || !rules?.emailVerification || me.emailVerified) return null;

  const onChange = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    change.mutate(email.trim(), { onSuccess: () => setEditing(false), onError: (e) => setError(errorMessage(e)) });
  };

  return (
    <section className={styles.banner} role="status" aria-label={t('instanceAccess.verifyBanner', { email: me.email })}>
      <p>{t('instanceAccess.verifyBanner', { email: me.email })}</p>
      {error && <ErrorBox>{error}</ErrorBox>}
      {resend.isSuccess && !editing && <p>{t('instanceAccess.resent')}</p>}
      {editing ? (
        <form onSubmit={onChange} noValidate>
          <EmailField label={t('instanceAccess.newAddress')} value={email} onChange={setEmail} />
          <button type="submit" className="btn btn-primary btn-small" disabled={change.isPending || email.trim() === ''}>
            {t('instanceAccess.sendLink')}
          </button>
        </form>
      ) : (
        <div className={styles.actions}>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => resend.mutate(undefined, { onError: (e) => setError(errorMessage(e)) })}
            disabled={resend.isPending}
          >
            {t('instanceAccess.resend')}
          </button>
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setEditing(true)}>
            {t('instanceAccess.changeAddress')}
          </button>
        </div>
      )}
      {gate.dialog}
    </section>
  );
}
