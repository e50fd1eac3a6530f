import type { CSSProperties } from 'react';

/** The palette's question hues (violet, blue, teal, green, orange, pink): each keeps the text's contrast on its tint in both themes. */
export const QUESTION_HUES = [265, 215, 175, 135, 30, 330] as const;

const hash = (text: string) => [...text].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7);

/**
 * How a question's bubble is tinted: by its asker's username (or remote handle) when they are shown (the same person
 * always in the same colour), else by the question itself (a rotating colour). Anonymous questions
 * are not tinted at all: they have their own style (`.anonymous` in the CSS), never a hue that
 * could be matched to anyone.
 */
export function questionTint(question: {
  id: string;
  isAnonymous: boolean;
  sender: { username: string } | null;
  remoteSender?: { handle: string } | null;
}): CSSProperties | undefined {
  if (question.isAnonymous) return undefined;
  const hue = QUESTION_HUES[hash(question.sender?.username ?? question.remoteSender?.handle ?? question.id) % QUESTION_HUES.length];
  return { '--question-hue': String(hue) } as CSSProperties;
}
