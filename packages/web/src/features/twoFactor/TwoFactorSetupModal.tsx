import { useState } from 'react';
import type { TwoFactorSecret } from '@askbox/common';
import { Modal } from '../../components/Modal';
import { ErrorBox } from '../../components/ErrorBox';
import { Field } from '../../components/Field';
import { PasswordField } from '../../components/PasswordField';
import { errorMessage } from '../../api/client';
import { QrCode } from '../profiles/QrCode';
import { useEnableTwoFactor, useStartTwoFactorSetup } from './api';
import { RecoveryCodesView } from './RecoveryCodesView';
import styles from './TwoFactor.module.css';
import { t } from '../../i18n';

/**
 * Turning two-factor sign-in on, in three steps: the password; the QR code (and the key as text)
 * for the authenticator app, confirmed by a first code; the ten recovery codes, shown once.
 */
export function TwoFactorSetupModal({ onClose }: { onClose(): void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [secret, setSecret] = useState<TwoFactorSecret | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const busy = start.isPending || enable.isPending;

  const onPassword = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    start.mutate({ password }, { onSuccess: setSecret, onError: (e) => setError(errorMessage(e)) });
  };
  const onCode = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    enable.mutate(
      { code },
      {
        onSuccess: (result) => setCodes(result.recoveryCodes),
        onError: (e) => {
          setError(errorMessage(e));
          setCode('');
        },
      },
    );
  };
  // the codes are shown once: closing goes through 'I have saved them' or the close button alike
  const close = () => !busy && onClose();

  return (
    <Modal title={codes ? t('twoFactor.codesTitle') : t('twoFactor.setupTitle')} onClose={close}>
      {codes ? (
        <RecoveryCodesView codes={codes} onDone={onClose} />
      ) : secret ? (
        <form onSubmit={onCode} noValidate>
          <p>{t('twoFactor.scanStep')}</p>
          <div className={styles.qr}>
            <QrCode text={secret.uri} label={t('twoFactor.qrLabel')} />
          </div>
          <p className="hint">{t('twoFactor.secretLabel')}</p>
          <p className={styles.secret} data-testid="two-factor-secret">
            {secret.secret}
          </p>
          {error && <ErrorBox>{error}</ErrorBox>}
          <Field label={t('twoFactor.codeLabel')}>
            {(control) => (
              <input
                {...control}
                className="input"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={10}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                required
              />
            )}
          </Field>
          <div className={styles.actions}>
            <button type="button" className="btn btn-secondary" onClick={close} disabled={busy}>
              {t('cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy || code.trim() === ''}>
              {enable.isPending ? t('twoFactor.enabling') : t('twoFactor.enable')}
            </button>
          </div>
        </form>
      ) : (
        <form onSubmit={onPassword} noValidate>
          <p>{t('twoFactor.passwordStep')}</p>
          {error && <ErrorBox>{error}</ErrorBox>}
          <PasswordField label={t('twoFactor.passwordLabel')} name="password" autoComplete="current-password" value={password} onChange={setPassword} />
          <div className={styles.actions}>
            <button type="button" className="btn btn-secondary" onClick={close} disabled={busy}>
              {t('cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy || password === ''}>
              {t('twoFactor.continue')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
