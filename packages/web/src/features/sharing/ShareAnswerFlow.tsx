import { lazy, Suspense, useState } from 'react';

import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { canShareImages, currentCardTheme, storyCardFile, useAnswerLink, type SharedAnswer } from './shareAnswer';
import { t } from '../../i18n';

// the sheet loads when first opened, not with every list of answers
const ShareSheet = lazy(() => import('./ShareSheet').then((m) => ({ default: m.ShareSheet })));

/**
 * Shares an answer: the system share sheet with the story image where the device takes files (the
 * way into Instagram stories), else Askbox's sheet. A private profile's answer always opens the
 * sheet, which offers its image only.
 */
/** `onDone`: the sharing is over (the system sheet closed, or ours). */
export function useShareAnswer(answer: SharedAnswer, onDone?: () => void) {
  const [sheetOpen, setSheetOpen] = useState(false);
  const link = useAnswerLink(answer);
  const dialogs = useDialogs();
  const start = async () => {
    if (!answer.isPublic || !canShareImages()) return setSheetOpen(true);
    let file: File;
    try {
      file = await storyCardFile(answer, currentCardTheme());
    } catch {
      return void dialogs.alert(t('shareImageError'));
    }
    const text = t('answerShareText', { fullname: answer.fullname });
    try {
      await navigator.share({ files: [file], title: text, text: `${text} ${link}` });
      onDone?.();
    } catch (error) {
      // closing the system sheet is not a failure; a refusal falls back to ours
      if ((error as DOMException).name !== 'AbortError') setSheetOpen(true);
      else onDone?.();
    }
  };
  const sheet = sheetOpen ? (
    <Suspense fallback={null}>
      <ShareSheet
        answer={answer}
        onClose={() => {
          setSheetOpen(false);
          onDone?.();
        }}
      />
    </Suspense>
  ) : null;
  return { start, sheet };
}
