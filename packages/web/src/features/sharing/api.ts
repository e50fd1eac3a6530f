import { useSyncExternalStore } from 'react';

/**
 * 'Share your answer?' right after answering. The inbox item is gone by then (the question left
 * the inbox), so the answer is announced here and the prompt, mounted by the Questions screen, shows it.
 */
let pending: string | null = null;
const listeners = new Set<() => void>();

function set(value: string | null) {
  pending = value;
  listeners.forEach((listener) => listener());
}

/** The id of the answer just sent. */
export const announceAnswered = (answerId: string) => set(answerId);
export const dismissSharePrompt = () => set(null);

export function useAnsweredToShare(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending,
  );
}
