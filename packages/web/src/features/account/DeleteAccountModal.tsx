import { useState } from 'react';
import { messages } from '@askbox/common';
import { Modal } from '../../components/Modal';
import { ErrorBox } from '../../components/ErrorBox';
import { PasswordField } from '../../components/PasswordField';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { errorMessage } from '../../api/client';
import { useDeleteAccount } from './api';
import { accountTexts as texts } from './texts';
import styles from './Account.module.css';

/**
 * Settings › Delete my account: says what goes and what stays, asks for the password, and the
 * danger button does it. Signed out afterwards (the guards lead to onboarding).
 */
export function DeleteAccountModal({ onClose }: { onClose(): void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const { toast } = useDialogs();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    remove.mutate({ password }, { onSuccess: () => toast(texts.accountDeleted), onError: (e) => setError(errorMessage(e)) });
  };
  const close = () => !remove.isPending && onClose();

  return (
    <Modal title={texts.deleteTitle} onClose={close}>
      <form onSubmit={onSubmit} noValidate>
        <p className={styles.warning}>{texts.deleteWarning}</p>
        <p className="hint">{texts.deleteExportHint}</p>
        {error && <ErrorBox>{error}</ErrorBox>}
        <PasswordField label={texts.deletePasswordLabel} name="password" autoComplete="current-password" value={password} onChange={setPassword} />
        <div className={styles.actions}>
          <button type="button" className="btn btn-secondary" onClick={close} disabled={remove.isPending}>
            {messages.cancel}
          </button>
          <button type="submit" className="btn btn-danger" disabled={remove.isPending || password === ''}>
            {remove.isPending ? texts.deleting : texts.deleteForever}
          </button>
        </div>
      </form>
    </Modal>
  );
}
