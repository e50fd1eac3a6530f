import { MAX_TEXT_LENGTH, textLength } from '@askbox/common';
import { t } from '../i18n';

/**
 * '{n} characters left' under a text field, read out politely as the user types. Counted
 * with common's `textLength` (code points), the rule the server applies, so an emoji counts 1.
 */
export function RemainingCharacters({ id, text, max = MAX_TEXT_LENGTH }: { id: string; text: string; max?: number }) {
  return (
    <span id={id} className="counter" aria-live="polite">
      {t('remainingCharacters', { count: max - textLength(text) })}
    </span>
  );
}
