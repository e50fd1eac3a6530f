import { useState } from 'react';
import { Modal } from '../../components/Modal';
import { useSecondFactorGate } from '../twoFactor/SecondFactorGate';
import { ErrorBox } from '../../components/ErrorBox';
import { PasswordField } from '../../components/PasswordField';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { errorMessage } from '../../api/client';
import { useChangePassword } from './api';
import styles from './Account.module.css';
import { t } from '../../i18n';
import { revealLabels } from './revealLabels';
import { NewPasswordFields, useNewPassword } from './NewPasswordFields';

/** Settings › Change password: the current password, the new one twice; other devices are logged out. */
export function ChangePasswordModal({ onClose }: { onClose(): void }) {
  const [currentPassword, setCurrent] = useState('');
  const newPassword = useNewPassword();
  const [error, setError] = useState<string | null>(null);
  const gate = useSecondFactorGate();
  const change = useChangePassword(gate.guard);
  const { toast } = useDialogs();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (newPassword.mismatch) return setError(t('errors.passwords_mismatch'));
    change.mutate(
      { currentPassword, newPassword: newPassword.password, repeatPassword: newPassword.repeatPassword },
      {
        onSuccess: () => {
          onClose();
          toast(t('selfService.passwordChanged'));
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  const close = () => !change.isPending && onClose();

  return (
    <Modal title={t('selfService.changePassword')} onClose={close}>
      {/* two-factor sign-in: a code first, when the last one is more than a few minutes old */}
      {gate.prompt}
      <form onSubmit={onSubmit} noValidate hidden={gate.asking}>
        {error && <ErrorBox>{error}</ErrorBox>}
        <PasswordField
          label={t('selfService.currentPassword')}
          toggleLabels={revealLabels(t('selfService.toggleCurrent'))}
          name="current-password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={setCurrent}
        />
        <NewPasswordFields value={newPassword} />
        <div className={styles.actions}>
          <button type="button" className="btn btn-secondary" onClick={close} disabled={change.isPending}>
            {t('cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={change.isPending}>
            {change.isPending ? t('selfService.saving') : t('selfService.changePassword')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
