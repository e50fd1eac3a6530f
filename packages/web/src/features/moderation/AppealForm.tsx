import { useId, useState } from 'react';
import { MAX_APPEAL_LENGTH } from '@askbox/common';
import { t } from '../../i18n';
import { errorMessage } from '../../api/client';
import { ErrorBox } from '../../components/ErrorBox';
import { useAppeal } from './api';
import styles from './Moderation.module.css';

/**
 * Under the sign-in form of a suspended person, who was just told why: one appeal to the
 * moderation team, proven with the email and password they typed (they cannot sign in).
 */
export function AppealForm({ email, password }: { email: string; password: string }) {
  const [text, setText] = useState('');
  const appeal = useAppeal();
  const fieldId = useId();
  if (appeal.isSuccess) return <p role="status">{t('team.appealSent')}</p>;
  return (
    <section aria-labelledby={`${fieldId}-title`}>
      <h2 id={`${fieldId}-title`} className="section-title">
        {t('team.appealTitle')}
      </h2>
      {appeal.isError && <ErrorBox>{errorMessage(appeal.error)}</ErrorBox>}
      <div className="field">
        <label htmlFor={fieldId}>{t('team.appealLabel')}</label>
        <textarea id={fieldId} className="textarea" value={text} maxLength={MAX_APPEAL_LENGTH} onChange={(e) => setText(e.target.value)} />
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={appeal.isPending || !text.trim()}
          onClick={() => appeal.mutate({ email: email.trim().toLowerCase(), password, text: text.trim() })}
        >
          {t('team.appealSend')}
        </button>
      </div>
    </section>
  );
}
