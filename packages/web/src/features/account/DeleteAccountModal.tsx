import { useState } from 'react';
import { Modal } from '../../components/Modal';
import { useSecondFactorGate } from '../twoFactor/SecondFactorGate';
import { ErrorBox } from '../../components/ErrorBox';
import { PasswordField } from '../../components/PasswordField';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { errorMessage } from '../../api/client';
import { useDeleteAccount } from './api';
import styles from './Account.module.css';
import { t } from '../../i18n';

/**
 * Settings › Delete my account: says what goes and what stays, asks for the password, and the
 * danger button does it. Signed out afterwards (the guards lead to onboarding).
 */
export function DeleteAccountModal({ onClose }: { onClose(): void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const gate = useSecondFactorGate();
  const remove = useDeleteAccount(gate.guard);
  const { toast } = useDialogs();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    remove.mutate({ password }, { onSuccess: () => toast(t('selfService.accountDeleted')), onError: (e) => setError(errorMessage(e)) });
  };
  const close = () => !remove.isPending && onClose();

  return (
    <Modal title={t('selfService.deleteTitle')} onClose={close}>
      {/* two-factor sign-in: a code first, when the last one is more than a few minutes old */}
      {gate.prompt}
      <form onSubmit={onSubmit} noValidate hidden={gate.asking}>
        <p className={styles.warning}>{t('selfService.deleteWarning')}</p>
        <p className="hint">{t('selfService.deleteExportHint')}</p>
        {error && <ErrorBox>{error}</ErrorBox>}
        <PasswordField label={t('selfService.deletePasswordLabel')} name="password" autoComplete="current-password" value={password} onChange={setPassword} />
        <div className={styles.actions}>
          <button type="button" className="btn btn-secondary" onClick={close} disabled={remove.isPending}>
            {t('cancel')}
          </button>
          <button type="submit" className="btn btn-danger" disabled={remove.isPending || password === ''}>
            {remove.isPending ? t('selfService.deleting') : t('selfService.deleteForever')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
