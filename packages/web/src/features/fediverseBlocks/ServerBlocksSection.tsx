import { useId, useRef, useState, type FormEvent } from 'react';
import type { FediverseServerBlockList } from '@askbox/common';
import { EmptyState } from '../../components/EmptyState';
import { ErrorList, TextField } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { focusAfterRemoval } from '../../components/focusAfterAction';
import { ApiError, errorMessage } from '../../api/client';
import { relativeTimeText, t } from '../../i18n';
import { useBlockServer, useServerBlocks, useUnblockServer } from './api';
import styles from './ServerBlocks.module.css';

type ServerBlock = FediverseServerBlockList['items'][number];

/**
 * Settings › Instance (admins): the fediverse servers blocked for the whole instance (decision 326):
 * the list, a form to block one more (its name and an optional reason only admins see), and
 * 'Unblock' with a confirm on each.
 */
export function ServerBlocksSection() {
  const id = useId();
  const blocks = useServerBlocks();
  const block = useBlockServer();
  const dialogs = useDialogs();
  const [domain, setDomain] = useState('');
  const [reason, setReason] = useState('');
  const [domainError, setDomainError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const focusDomain = () => document.getElementById(`${id}-domain`)?.focus();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDomainError(null);
    setFormError(null);
    const name = domain.trim().toLowerCase();
    if (!name) {
      setDomainError(t('errors.server_name_invalid'));
      focusDomain();
      return;
    }
    block.mutate(
      { domain: name, reason },
      {
        onSuccess: () => {
          setDomain('');
          setReason('');
          dialogs.toast(t('fediverseBlocks.blocked', { domain: name }));
        },
        onError: (error) => {
          // a name the server refuses is the name field's error; anything else the form's
          if (error instanceof ApiError && error.code === 'server_name_invalid') {
            setDomainError(errorMessage(error));
            focusDomain();
          } else setFormError(errorMessage(error));
        },
      },
    );
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('fediverseBlocks.title')}
      </h2>
      <p className={`muted ${styles.intro}`}>{t('fediverseBlocks.intro')}</p>
      <form className={`card ${styles.form}`} onSubmit={onSubmit} noValidate aria-label={t('fediverseBlocks.formLabel')}>
        <TextField
          label={t('fediverseBlocks.server')}
          id={`${id}-domain`}
          hint={t('fediverseBlocks.serverHint')}
          errors={domainError ? [domainError] : null}
          inputProps={{
            name: 'domain',
            value: domain,
            onChange: (e) => setDomain(e.target.value),
            autoCapitalize: 'none',
            autoComplete: 'off',
            spellCheck: false,
            inputMode: 'url',
            placeholder: 'spam.example',
            required: true,
          }}
        />
        <TextField
          label={t('fediverseBlocks.reason')}
          hint={t('fediverseBlocks.reasonHint')}
          inputProps={{ name: 'reason', value: reason, maxLength: 500, onChange: (e) => setReason(e.target.value) }}
        />
        <ErrorList errors={formError ? [formError] : null} />
        <button type="submit" className="btn btn-primary" disabled={block.isPending}>
          {block.isPending ? t('fediverseBlocks.blocking') : t('fediverseBlocks.block')}
        </button>
      </form>
      {blocks.isPending ? (
        <Spinner label={t('fediverseBlocks.title')} />
      ) : blocks.isError ? (
        <LoadError error={blocks.error} fallback={t('fediverseBlocks.loadError')} onRetry={() => void blocks.refetch()} />
      ) : blocks.data.length === 0 ? (
        <EmptyState title={t('fediverseBlocks.none')} />
      ) : (
        <ul className={styles.list} aria-labelledby={`${id}-title`}>
          {blocks.data.map((item) => (
            <li key={item.domain}>
              <BlockRow block={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BlockRow({ block }: { block: ServerBlock }) {
  const unblock = useUnblockServer();
  const dialogs = useDialogs();
  const row = useRef<HTMLDivElement>(null);
  const onUnblock = async () => {
    const confirmed = await dialogs.confirm(t('fediverseBlocks.confirmUnblock', { domain: block.domain }), {
      confirmLabel: t('fediverseBlocks.unblock'),
      danger: true,
    });
    if (!confirmed) return;
    // the row leaves the list: focus goes on to the next one (or the empty state)
    focusAfterRemoval(row.current?.closest('li'));
    unblock.mutate(block.domain, {
      onSuccess: () => dialogs.toast(t('fediverseBlocks.unblocked', { domain: block.domain })),
      onError: (error) => void dialogs.alert(errorMessage(error)),
    });
  };
  return (
    <div ref={row} className={`card ${styles.item}`}>
      <div className={styles.what}>
        <p className={styles.domain}>{block.domain}</p>
        <p className={`muted ${styles.detail}`}>
          {block.reason ? `${t('punctuation.quoted', { text: block.reason })} · ` : ''}
          <time dateTime={block.createdAt}>{relativeTimeText(block.createdAt)}</time>
        </p>
      </div>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        aria-label={t('fediverseBlocks.unblockServer', { domain: block.domain })}
        onClick={() => void onUnblock()}
        disabled={unblock.isPending}
      >
        {t('fediverseBlocks.unblock')}
      </button>
    </div>
  );
}
