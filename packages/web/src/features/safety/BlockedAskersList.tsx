import { type BlockedAsker } from '@askbox/common';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { focusAfterRemoval } from '../../components/focusAfterAction';
import { useUnblockAsker } from './api';
import styles from './Safety.module.css';
import { relativeTimeText, t } from '../../i18n';

/** The 'Anonymous asker' entries of Settings › Blocked users: the question's text and date, an Unblock button. */
export function BlockedAskersList({ entries }: { entries: BlockedAsker[] }) {
  const unblock = useUnblockAsker();
  const { confirm } = useDialogs();
  if (entries.length === 0) return null;

  const onUnblock = async (entryId: string, row: HTMLElement | null) => {
    if (!(await confirm(t('confirmUnblock')))) return;
    focusAfterRemoval(row);
    // like unblocking a user: a failure is silent, the list reloads from the server
    unblock.mutate(entryId, { onError: (error) => console.error('unblock asker failed', error) });
  };

  return (
    <ul className={styles.list} aria-label={t('safety.anonymousAsker')}>
      {entries.map((entry) => (
        <li key={entry.id} className={styles.row}>
          <span className={styles.entry}>
            <span className={styles.name}>{t('safety.anonymousAsker')}</span>
            <span className={styles.quote}>“{entry.questionText}”</span>
            <time className="muted" dateTime={entry.questionCreatedAt}>
              {t('safety.askedAt', { time: relativeTimeText(entry.questionCreatedAt) })}
            </time>
          </span>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={(event) => void onUnblock(entry.id, event.currentTarget.closest('li'))}
            aria-label={t('safety.unblockAnonymousAsker', { question: entry.questionText })}
          >
            {t('unblock')}
          </button>
        </li>
      ))}
    </ul>
  );
}
