import { useState } from 'react';
import type { FediverseAccount } from '@askbox/common';
import { Modal } from '../../components/Modal';
import { ErrorBox } from '../../components/ErrorBox';
import { TextField } from '../../components/Field';
import { errorMessage } from '../../api/client';
import { useAddAlias, useRemoveAlias } from './movingApi';
import styles from './Federation.module.css';
import { t } from '../../i18n';

/** "Moving from another account": the old accounts named (each removable) and a field to name one more. */
export function MovingFromModal({ aliases, onClose }: { aliases: FediverseAccount[]; onClose(): void }) {
  const [handle, setHandle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddAlias();
  const remove = useRemoveAlias();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    add.mutate(handle.trim(), { onSuccess: () => setHandle(''), onError: (e) => setError(errorMessage(e)) });
  };

  return (
    <Modal title={t('moving.fromTitle')} onClose={onClose}>
      <p className="hint">{t('moving.fromHint')}</p>
      {error && <ErrorBox>{error}</ErrorBox>}
      {aliases.length === 0 ? (
        <p className="muted">{t('moving.none')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('moving.fromTitle')}>
          {aliases.map((alias) => (
            <li key={alias.uri} className={styles.row}>
              <span className={styles.names}>
                <span className={styles.name}>{alias.handle}</span>
              </span>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                aria-label={t('moving.remove', { handle: alias.handle })}
                disabled={remove.isPending}
                onClick={() => remove.mutate(alias.uri, { onError: (e) => setError(errorMessage(e)) })}
              >
                {t('moving.removeButton')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} noValidate className={styles.aliasForm}>
        <TextField
          label={t('moving.handleLabel')}
          inputProps={{
            name: 'handle',
            placeholder: '@name@mastodon.social',
            autoCapitalize: 'none',
            spellCheck: false,
            value: handle,
            onChange: (event) => setHandle(event.target.value),
          }}
        />
        <button type="submit" className="btn btn-primary" disabled={add.isPending || handle.trim() === ''} aria-busy={add.isPending}>
          {add.isPending ? t('moving.adding') : t('moving.add')}
        </button>
      </form>
    </Modal>
  );
}
