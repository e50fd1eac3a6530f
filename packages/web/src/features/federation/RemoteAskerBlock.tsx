import { Ban } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import type { InboxQuestion } from '@askbox/common';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { focusAfterRemoval } from '../../components/focusAfterAction';
import { counterKeys } from '../notifications/api';
import { questionKeys } from '../questions/api';
import { useBlockRemote } from './api';
import styles from './Federation.module.css';
import { t } from '../../i18n';

/**
 * 'Block this asker' and 'Block {domain}' on a question asked from another server: a block of
 * the remote account, or of its whole server, after a confirm. Their questions leave the inbox;
 * their server is never told (decision 302).
 */
export function RemoteAskerBlock({ asker }: { asker: NonNullable<InboxQuestion['remoteSender']> }) {
  const block = useBlockRemote();
  const queryClient = useQueryClient();
  const dialogs = useDialogs();

  const onBlock = async (kind: 'actor' | 'domain', question: HTMLElement | null) => {
    const message = kind === 'actor' ? t('confirmBlockRemoteAsker', { handle: asker.handle }) : t('confirmBlockRemoteAskerServer', { domain: asker.domain });
    const label = kind === 'actor' ? t('blockRemoteAsker') : t('blockRemoteAskerServer', { domain: asker.domain });
    if (!(await dialogs.confirm(message, { confirmLabel: label }))) return;
    focusAfterRemoval(question);
    block.mutate(
      { kind, target: kind === 'actor' ? asker.actorUri : asker.domain },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: questionKeys.all });
          void queryClient.invalidateQueries({ queryKey: counterKeys.all });
        },
        onError: () => void dialogs.alert(t('errorBlockingRemote')),
      },
    );
  };

  return (
    <span className={styles.remoteBlock}>
      <button
        type="button"
        className={styles.remoteBlockButton}
        onClick={(e) => void onBlock('actor', e.currentTarget.closest('article'))}
        disabled={block.isPending}
      >
        <Ban size={16} aria-hidden />
        {t('blockRemoteAsker')}
      </button>
      <button
        type="button"
        className={styles.remoteBlockButton}
        onClick={(e) => void onBlock('domain', e.currentTarget.closest('article'))}
        disabled={block.isPending}
      >
        {t('blockRemoteAskerServer', { domain: asker.domain })}
      </button>
    </span>
  );
}
