import { answerGlimpse } from '@askbox/common';
import { t } from '../../i18n';

/**
 * An answer as one line where it cannot be opened in place (a notification's quote, a list row):
 * the answer, or 'Content warning: …' instead (common's answerGlimpse, decision 315). `quote`
 * dresses the answer (quotes, a cut); a warning is only cut, never quoted as if it were the answer.
 */
export function AnswerGlimpse({
  answer,
  quote = (answer) => answer,
  cut = (text) => text,
}: {
  answer: { answer: string; contentWarning: string | null };
  quote?: (answer: string) => string;
  cut?: (text: string) => string;
}) {
  const glimpse = answerGlimpse(answer.answer, answer.contentWarning);
  return <>{glimpse.behindWarning ? t('warnedAnswer', { warning: cut(glimpse.warning) }) : quote(glimpse.text)}</>;
}
