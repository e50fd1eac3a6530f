import { useState } from 'react';
import { Fingerprint, KeyRound } from 'lucide-react';
import { ErrorBox } from '../../components/ErrorBox';
import { LoadError } from '../../components/LoadError';
import { Modal } from '../../components/Modal';
import { PasswordField } from '../../components/PasswordField';
import { TextField } from '../../components/Field';
import { SettingsSection, settingsExplanation, settingsRow } from '../../components/SettingsSection';
import { Spinner } from '../../components/Spinner';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { errorMessage } from '../../api/client';
import { useSecondFactorGate } from '../twoFactor/SecondFactorGate';
import { passkeysSupported, useAddPasskey, usePasskeys, useRemovePasskey } from './api';
import styles from './Passkeys.module.css';
import { relativeTimeText, t } from '../../i18n';

/** Settings' 'Passkeys': the account's passkeys, adding one (password, then the browser's steps) and removing one. */
export function PasskeysSection() {
  const list = usePasskeys();
  const gate = useSecondFactorGate();
  const remove = useRemovePasskey(gate.guard);
  const { alert, confirm, toast } = useDialogs();
  const [adding, setAdding] = useState(false);
  if (!passkeysSupported()) return null;
  const items = list.data?.items ?? [];

  const onRemove = async (id: string) => {
    if (!(await confirm(t('passkeys.confirmRemove'), { confirmLabel: t('passkeys.remove'), danger: true }))) return;
    remove.mutate(id, { onSuccess: () => toast(t('passkeys.removed')), onError: (e) => void alert(errorMessage(e)) });
  };

  return (
    <SettingsSection id="settings-passkeys" title={t('passkeys.title')}>
      <p className={settingsExplanation}>{t('passkeys.intro')}</p>
      {list.isPending ? (
        <Spinner label={t('passkeys.loading')} />
      ) : list.isError ? (
        <LoadError error={list.error} fallback={t('passkeys.loadError')} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <p className="muted">{t('passkeys.none')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('passkeys.listLabel')}>
          {items.map((passkey) => (
            <li key={passkey.id} className={styles.row}>
              <Fingerprint size={20} aria-hidden />
              <span className={styles.entry}>
                <span className={styles.name}>{passkey.name}</span>
                <span className="muted">
                  {passkey.lastUsedAt
                    ? t('passkeys.lastUsed', { time: relativeTimeText(passkey.lastUsedAt) })
                    : t('passkeys.createdOn', { time: relativeTimeText(passkey.createdAt) })}
                </span>
              </span>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                onClick={() => void onRemove(passkey.id)}
                aria-label={t('passkeys.removeNamed', { name: passkey.name })}
              >
                {t('passkeys.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className={settingsRow} onClick={() => setAdding(true)}>
        <KeyRound size={20} aria-hidden /> {t('passkeys.add')}
      </button>
      {adding && <AddPasskeyModal onClose={() => setAdding(false)} />}
      {gate.dialog}
    </SettingsSection>
  );
}

function AddPasskeyModal({ onClose }: { onClose(): void }) {
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const gate = useSecondFactorGate();
  const add = useAddPasskey(gate.guard);
  const { toast } = useDialogs();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    add.mutate(
      { password, name: name.trim() },
      {
        onSuccess: () => {
          onClose();
          toast(t('passkeys.added'));
        },
        // the browser's own cancel says nothing useful: 'not created'
        onError: (e) => setError(e instanceof Error && e.name !== 'ApiError' ? t('passkeys.cancelled') : errorMessage(e)),
      },
    );
  };
  const close = () => !add.isPending && onClose();

  return (
    <Modal title={t('passkeys.addTitle')} onClose={close}>
      {gate.prompt}
      <form onSubmit={onSubmit} noValidate hidden={gate.asking}>
        <p>{t('passkeys.passwordStep')}</p>
        {error && <ErrorBox>{error}</ErrorBox>}
        <PasswordField label={t('passkeys.passwordLabel')} name="password" autoComplete="current-password" value={password} onChange={setPassword} />
        <TextField
          label={t('passkeys.nameLabel')}
          inputProps={{
            name: 'passkey-name',
            value: name,
            maxLength: 60,
            placeholder: t('passkeys.namePlaceholder'),
            onChange: (e) => setName(e.target.value),
          }}
        />
        <div className={styles.actions}>
          <button type="button" className="btn btn-secondary" onClick={close} disabled={add.isPending}>
            {t('cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={add.isPending || password === ''}>
            {add.isPending ? t('passkeys.creating') : t('passkeys.create')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
