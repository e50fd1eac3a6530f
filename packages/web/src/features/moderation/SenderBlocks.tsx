import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../api/client';
import { t } from '../../i18n';
import { useLiftSenderBlock, useSenderBlocks } from './api';
import styles from './Moderation.module.css';

/**
 * The anonymous senders blocked everywhere ('Block this sender everywhere' on a report), each shown
 * by the question it was made from, never by who sent it; a moderator can lift a block.
 */
export function SenderBlocks() {
  const blocks = useSenderBlocks();
  const lift = useLiftSenderBlock();
  const dialogs = useDialogs();
  return (
    <section aria-labelledby="moderation-sender-blocks" className={styles.suspended}>
      <h2 id="moderation-sender-blocks" className="section-title">
        {t('team.senderBlocks')}
      </h2>
      <p className="muted">{t('team.senderBlocksIntro')}</p>
      {blocks.isPending ? (
        <Spinner size={20} label={t('team.senderBlocks')} />
      ) : blocks.isError ? (
        <LoadError error={blocks.error} fallback={t('team.senderBlocksLoadError')} onRetry={() => void blocks.refetch()} />
      ) : blocks.data.length === 0 ? (
        <p className="muted">{t('team.noSenderBlocks')}</p>
      ) : (
        <ul className={styles.list}>
          {blocks.data.map((block) => (
            <li key={block.id} className={`card ${styles.suspendedRow}`}>
              <span>
                {t('punctuation.quoted', { text: block.questionText })}
                <span className={`muted ${styles.termLine}`}>
                  {block.by
                    ? t('team.senderBlockedBy', { username: block.by, date: new Date(block.createdAt).toLocaleDateString() })
                    : new Date(block.createdAt).toLocaleDateString()}
                </span>
              </span>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                disabled={lift.isPending}
                onClick={async () => {
                  if (!(await dialogs.confirm(t('team.confirmLiftSenderBlock'), { confirmLabel: t('team.liftSenderBlock') }))) return;
                  lift.mutate(block.id, { onError: (error) => void dialogs.alert(errorMessage(error)) });
                }}
              >
                {t('team.liftSenderBlock')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
