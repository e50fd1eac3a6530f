import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { FOCUSABLE, focusIsLost } from './focusAfterAction';

/**
 * Keeps keyboard focus inside a modal dialog while it is open: focuses `initialFocus` (else the
 * dialog, which needs tabIndex={-1}) on open, wraps Tab and Shift+Tab at the ends, calls `onEscape`
 * on Escape, and gives focus back to where it was when the dialog closes, unless the action the
 * dialog confirmed has already put it somewhere else (decision 207). Spread the result on
 * the dialog element: `<div role="dialog" tabIndex={-1} {...trap}>`.
 */
export function useFocusTrap<T extends HTMLElement>({ onEscape, initialFocus }: { onEscape(): void; initialFocus?: RefObject<HTMLElement | null> }) {
  const ref = useRef<T>(null);

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const dialog = ref.current;
    (initialFocus?.current ?? dialog)?.focus();
    return () => {
      if (focusIsLost() || dialog?.contains(document.activeElement)) previouslyFocused?.focus?.();
    };
  }, [initialFocus]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onEscape();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE);
    if (!focusable || focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    // the dialog itself holds focus after opening or a click on its text
    const atStart = document.activeElement === first || document.activeElement === ref.current;
    if (event.shiftKey && atStart) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return { ref, onKeyDown };
}
