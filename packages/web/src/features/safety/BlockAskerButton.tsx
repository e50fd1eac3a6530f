import { Ban } from 'lucide-react';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { useBlockAsker } from './api';
import { safetyTexts } from './texts';
import styles from './Safety.module.css';

/**
 * 'Block this asker' on an inbox question, anonymous or not, after a confirm. The server blocks
 * the real sender and never says who it was; the question leaves the inbox.
 */
export function BlockAskerButton({ questionId }: { questionId: string }) {
  const blockAsker = useBlockAsker();
  const dialogs = useDialogs();

  const onBlock = async () => {
    if (!(await dialogs.confirm(safetyTexts.confirmBlockAsker, { confirmLabel: safetyTexts.blockAsker }))) return;
    blockAsker.mutate(questionId, { onError: () => void dialogs.alert(safetyTexts.errorBlockingAsker) });
  };

  return (
    <button type="button" className={styles.blockAsker} onClick={() => void onBlock()} disabled={blockAsker.isPending}>
      <Ban size={16} aria-hidden />
      {safetyTexts.blockAsker}
    </button>
  );
}
