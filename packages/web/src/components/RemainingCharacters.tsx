import { MAX_TEXT_LENGTH, messages } from '@askbox/common';

/** '{n} characters left' under a text field (spec §5), read out politely as the user types. */
export function RemainingCharacters({ id, length, max = MAX_TEXT_LENGTH }: { id: string; length: number; max?: number }) {
  return (
    <span id={id} className="counter" aria-live="polite">
      {messages.remainingCharacters(max - length)}
    </span>
  );
}
