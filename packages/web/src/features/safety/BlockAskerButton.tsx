import { Ban } from 'lucide-react';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { focusAfterRemoval } from '../../components/focusAfterAction';
import { useBlockAsker } from './api';
import styles from './Safety.module.css';
import { t } from '../../i18n';

/**
 * 'Block this asker' on an anonymous inbox question someone else sent (the inbox says which),
 * after a confirm. The server blocks the real sender and never says who it was; the question
 * leaves the inbox.
 */
export function BlockAskerButton({ questionId }: { questionId: string }) {
  const blockAsker = useBlockAsker();
  const dialogs = useDialogs();

  const onBlock = async (question: HTMLElement | null) => {
    if (!(await dialogs.confirm(t('safety.confirmBlockAsker'), { confirmLabel: t('safety.blockAsker') }))) return;
    focusAfterRemoval(question);
    blockAsker.mutate(questionId, { onError: () => void dialogs.alert(t('safety.errorBlockingAsker')) });
  };

  return (
    <button
      type="button"
      className={styles.blockAsker}
      onClick={(event) => void onBlock(event.currentTarget.closest('article'))}
      disabled={blockAsker.isPending}
    >
      <Ban size={16} aria-hidden />
      {t('safety.blockAsker')}
    </button>
  );
}
