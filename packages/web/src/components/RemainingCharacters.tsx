import { MAX_TEXT_LENGTH } from '@askbox/common';
import { t } from '../i18n';

/** '{n} characters left' under a text field (spec §5), read out politely as the user types. */
export function RemainingCharacters({ id, length, max = MAX_TEXT_LENGTH }: { id: string; length: number; max?: number }) {
  return (
    <span id={id} className="counter" aria-live="polite">
      {t('remainingCharacters', { count: max - length })}
    </span>
  );
}
