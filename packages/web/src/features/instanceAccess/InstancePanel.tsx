import { useEffect, useState } from 'react';
import { REGISTRATION_MODES, type PendingSignup, type RegistrationMode } from '@askbox/common';
import { ErrorBox } from '../../components/ErrorBox';
import { EmptyState } from '../../components/EmptyState';
import { TextareaField } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { errorMessage } from '../../api/client';
import { relativeTimeText, t } from '../../i18n';
import { useDecideSignup, useInstanceSettings, usePendingSignups, useSaveInstanceSettings } from './api';
import styles from './InstanceAccess.module.css';

/** Settings › Instance (admins): who may sign up, the blocked email domains, and the approval queue. */
export function InstancePanel() {
  return (
    <>
      <SignupSettings />
      <ApprovalQueue />
    </>
  );
}

function SignupSettings() {
  const settings = useInstanceSettings();
  const save = useSaveInstanceSettings();
  const dialogs = useDialogs();
  const [mode, setMode] = useState<RegistrationMode>('open');
  const [domains, setDomains] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!settings.data) return;
    setMode(settings.data.registrations);
    setDomains(settings.data.emailDomainBlocks.join('\n'));
  }, [settings.data]);

  if (settings.isPending) return <Spinner label={t('instanceAccess.signups')} />;
  if (settings.isError) return <LoadError error={settings.error} fallback={t('instanceAccess.loadError')} onRetry={() => void settings.refetch()} />;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const emailDomainBlocks = domains
      .split(/[\s,]+/)
      .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
      .filter(Boolean);
    save.mutate(
      { registrations: mode, emailDomainBlocks },
      { onSuccess: () => dialogs.toast(t('instanceAccess.saved')), onError: (e) => setError(errorMessage(e)) },
    );
  };

  return (
    <form className={`card ${styles.section} ${styles.item}`} onSubmit={onSubmit} noValidate>
      <fieldset className={styles.modes}>
        <legend>{t('instanceAccess.signups')}</legend>
        {REGISTRATION_MODES.map((option) => (
          <label key={option} className={styles.check}>
            <input type="radio" name="registrations" value={option} checked={mode === option} onChange={() => setMode(option)} />
            {t(`instanceAccess.modes.${option}`)}
          </label>
        ))}
      </fieldset>
      <TextareaField
        label={t('instanceAccess.domainBlocks')}
        hint={t('instanceAccess.domainBlocksHint')}
        textareaProps={{
          name: 'emailDomainBlocks',
          rows: 4,
          spellCheck: false,
          autoCapitalize: 'none',
          value: domains,
          onChange: (e) => setDomains(e.target.value),
        }}
      />
      {error && <ErrorBox>{error}</ErrorBox>}
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {save.isPending ? t('selfService.saving') : t('instanceAccess.save')}
      </button>
    </form>
  );
}

/** The sign-ups waiting for approval: on Settings › Instance, and on the moderation screen, where moderators approve too. */
export function ApprovalQueue() {
  const queue = usePendingSignups();
  return (
    <section className={styles.section} aria-labelledby="instance-waiting">
      <h2 id="instance-waiting" className={styles.sectionTitle}>
        {t('instanceAccess.waiting')}
      </h2>
      {queue.isPending ? (
        <Spinner label={t('instanceAccess.waiting')} />
      ) : queue.isError ? (
        <LoadError error={queue.error} fallback={t('instanceAccess.loadError')} onRetry={() => void queue.refetch()} />
      ) : queue.data.length === 0 ? (
        <EmptyState title={t('instanceAccess.noneWaiting')} />
      ) : (
        <ul className={styles.list} aria-label={t('instanceAccess.waiting')}>
          {queue.data.map((signup) => (
            <li key={signup.id}>
              <PendingCard signup={signup} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PendingCard({ signup }: { signup: PendingSignup }) {
  const decide = useDecideSignup();
  const dialogs = useDialogs();
  const act = async (decision: 'approve' | 'reject') => {
    const text = t(decision === 'approve' ? 'instanceAccess.confirmApprove' : 'instanceAccess.confirmReject', { username: signup.username });
    const label = t(decision === 'approve' ? 'instanceAccess.approve' : 'instanceAccess.reject');
    if (!(await dialogs.confirm(text, { confirmLabel: label, danger: decision === 'reject' }))) return;
    decide.mutate(
      { id: signup.id, decision },
      {
        onSuccess: () => dialogs.toast(t(decision === 'approve' ? 'instanceAccess.approved' : 'instanceAccess.rejected', { username: signup.username })),
        onError: (error) => void dialogs.alert(errorMessage(error)),
      },
    );
  };
  return (
    <article className={`card ${styles.item}`} aria-label={`@${signup.username}`}>
      <p className={styles.itemHead}>
        <strong>{signup.fullname}</strong> <span className="muted">@{signup.username}</span>
      </p>
      <p className={`muted ${styles.itemHead}`}>
        {signup.email} · <time dateTime={signup.createdAt}>{relativeTimeText(signup.createdAt)}</time>
      </p>
      <p className={styles.reason}>{t('punctuation.quoted', { text: signup.reason })}</p>
      <div className={styles.actions}>
        <button type="button" className="btn btn-primary" onClick={() => void act('approve')} disabled={decide.isPending}>
          {t('instanceAccess.approve')}
        </button>
        <button type="button" className="btn btn-danger" onClick={() => void act('reject')} disabled={decide.isPending}>
          {t('instanceAccess.reject')}
        </button>
      </div>
    </article>
  );
}
