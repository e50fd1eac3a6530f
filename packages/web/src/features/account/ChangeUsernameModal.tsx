import { useState } from 'react';
import { Modal } from '../../components/Modal';
import { ErrorBox } from '../../components/ErrorBox';
import { TextField } from '../../components/Field';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { errorMessage } from '../../api/client';
import { useChangeUsername } from './api';
import styles from './Account.module.css';
import { t } from '../../i18n';

/** Settings › Change username: the new name; the old one keeps leading to the profile for a year. */
export function ChangeUsernameModal({ current, onClose }: { current: string; onClose(): void }) {
  const [username, setUsername] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const change = useChangeUsername();
  const { toast } = useDialogs();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    change.mutate(
      { username: username.trim().toLowerCase() },
      {
        onSuccess: ({ username: changed }) => {
          onClose();
          toast(t('selfService.usernameChanged', { username: changed }));
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  const close = () => !change.isPending && onClose();

  return (
    <Modal title={t('selfService.changeUsername')} onClose={close}>
      <form onSubmit={onSubmit} noValidate>
        {error && <ErrorBox>{error}</ErrorBox>}
        <TextField
          label={t('selfService.newUsername')}
          hint={t('selfService.usernameHint')}
          inputProps={{
            name: 'username',
            autoComplete: 'username',
            autoCapitalize: 'none',
            spellCheck: false,
            required: true,
            value: username,
            onChange: (event) => setUsername(event.target.value),
          }}
        />
        <div className={styles.actions}>
          <button type="button" className="btn btn-secondary" onClick={close} disabled={change.isPending}>
            {t('cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={change.isPending || username.trim() === ''}>
            {change.isPending ? t('selfService.saving') : t('selfService.changeUsername')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
