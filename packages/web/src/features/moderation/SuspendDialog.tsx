import { useEffect, useId, useRef, useState } from 'react';
import { MAX_SUSPENSION_REASON_LENGTH } from '@askbox/common';
import { Modal } from '../../components/Modal';
import { t } from '../../i18n';
import styles from './Moderation.module.css';

/**
 * The suspension's confirm (it names the action on its button): a reason, shown to the person when
 * they try to sign in, and an optional end, after which the suspension ends by itself.
 */
export function SuspendDialog({ username, onClose, onSuspend }: { username: string; onClose(): void; onSuspend(reason: string, until: string | null): void }) {
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const reasonId = useId();
  const untilId = useId();
  const hintId = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => reasonRef.current?.focus(), []);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    // datetime-local is the moderator's local time: sent as the instant it means
    onSuspend(reason.trim(), until ? new Date(until).toISOString() : null);
  };

  return (
    <Modal title={t('team.suspendTitle', { username })} onClose={onClose}>
      <form onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={reasonId}>{t('team.suspendReason')}</label>
          <textarea
            id={reasonId}
            ref={reasonRef}
            className="textarea"
            value={reason}
            maxLength={MAX_SUSPENSION_REASON_LENGTH}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={untilId}>{t('team.suspendUntil')}</label>
          <input id={untilId} className="input" type="datetime-local" value={until} onChange={(e) => setUntil(e.target.value)} aria-describedby={hintId} />
          <p id={hintId} className="hint">
            {t('team.suspendUntilHint')}
          </p>
        </div>
        <div className={styles.actions}>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="btn btn-danger">
            {t('moderationQueue.suspendAccount')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
