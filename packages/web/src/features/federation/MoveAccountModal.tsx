import { useState } from 'react';
import { Modal } from '../../components/Modal';
import { ErrorBox } from '../../components/ErrorBox';
import { TextField } from '../../components/Field';
import { PasswordField } from '../../components/PasswordField';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { errorMessage } from '../../api/client';
import { useSecondFactorGate } from '../twoFactor/SecondFactorGate';
import { useMoveAccount } from './movingApi';
import styles from './Federation.module.css';
import { t } from '../../i18n';

/** "Move to another account": says what happens, asks for the new account and the password (a code first when two-factor sign-in wants one). */
export function MoveAccountModal({ ownHandle, onClose }: { ownHandle: string; onClose(): void }) {
  const [handle, setHandle] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const gate = useSecondFactorGate();
  const move = useMoveAccount(gate.guard);
  const { toast } = useDialogs();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    move.mutate(
      { handle: handle.trim(), password },
      {
        onSuccess: (moved) => {
          onClose();
          toast(t('moving.moved', { handle: moved.movedTo?.handle ?? handle.trim() }));
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  const close = () => !move.isPending && onClose();

  return (
    <Modal title={t('moving.toTitle')} onClose={close}>
      {gate.prompt}
      <form onSubmit={onSubmit} noValidate hidden={gate.asking}>
        <p className="hint">{t('moving.toWarning', { handle: ownHandle })}</p>
        {error && <ErrorBox>{error}</ErrorBox>}
        <TextField
          label={t('moving.newHandleLabel')}
          inputProps={{
            name: 'handle',
            placeholder: '@name@mastodon.social',
            autoCapitalize: 'none',
            spellCheck: false,
            required: true,
            value: handle,
            onChange: (event) => setHandle(event.target.value),
          }}
        />
        <PasswordField label={t('moving.passwordLabel')} name="password" autoComplete="current-password" value={password} onChange={setPassword} />
        <div className={styles.actions}>
          <button type="button" className="btn btn-secondary" onClick={close} disabled={move.isPending}>
            {t('cancel')}
          </button>
          <button type="submit" className="btn btn-danger" disabled={move.isPending || handle.trim() === '' || password === ''}>
            {move.isPending ? t('moving.moving') : t('moving.move')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
