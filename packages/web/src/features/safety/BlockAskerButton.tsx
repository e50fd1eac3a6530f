import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { useBlockAsker } from './api';
import { safetyTexts } from './texts';

/**
 * 'Block this asker' on an inbox question, anonymous or not, after a confirm. The server blocks
 * the real sender and never says who it was; the question leaves the inbox.
 */
export function BlockAskerButton({ questionId, className }: { questionId: string; className?: string }) {
  const blockAsker = useBlockAsker();
  const dialogs = useDialogs();

  const onBlock = async () => {
    if (!(await dialogs.confirm(safetyTexts.confirmBlockAsker, { confirmLabel: safetyTexts.blockAsker }))) return;
    blockAsker.mutate(questionId, { onError: () => void dialogs.alert(safetyTexts.errorBlockingAsker) });
  };

  return (
    <button type="button" className={className ?? 'btn btn-secondary btn-small'} onClick={() => void onBlock()} disabled={blockAsker.isPending}>
      {safetyTexts.blockAsker}
    </button>
  );
}
