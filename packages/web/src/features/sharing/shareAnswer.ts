import { cardPaths, type CardTheme } from '@askbox/common';
import { useProfileLink } from '../profiles/api';

/** An answer as the share flow needs it: whose, which, and whether its owner's profile is public. */
export interface SharedAnswer {
  id: string;
  username: string;
  fullname: string;
  /** Public profile: the answer has a public page and cards. Otherwise only its owner may download the image. */
  isPublic: boolean;
}

/** The theme in force (`<html data-scheme>`), so the shared image looks like the app the user sees. */
export const currentCardTheme = (): CardTheme => (document.documentElement.dataset.scheme === 'dark' ? 'dark' : 'light');

/** The story image's URL: the public card, or the owner's own when the profile is private. */
export const storyCardUrl = (answer: SharedAnswer, theme: CardTheme) =>
  answer.isPublic ? cardPaths.public(answer.username, answer.id, 'story', theme) : cardPaths.own(answer.id, 'story', theme);

/** `{PUBLIC_URL}/u/{username}/answers/{id}`: the answer's own page. */
export function useAnswerLink(answer: SharedAnswer): string {
  return `${useProfileLink(answer.username)}/answers/${encodeURIComponent(answer.id)}`;
}

export const cardFileName = (answer: SharedAnswer) => `askbox-${answer.username}-${answer.id.slice(0, 8)}.png`;

/** Whether this browser's share sheet takes image files (how a picture reaches a story). */
export function canShareImages(): boolean {
  if (typeof navigator.share !== 'function' || typeof navigator.canShare !== 'function') return false;
  try {
    return navigator.canShare({ files: [new File([new Uint8Array(0)], 'card.png', { type: 'image/png' })] });
  } catch {
    return false;
  }
}

/** The story card as a File for the share sheet. */
export async function storyCardFile(answer: SharedAnswer, theme: CardTheme): Promise<File> {
  const response = await fetch(storyCardUrl(answer, theme), { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`card ${response.status}`);
  return new File([await response.blob()], cardFileName(answer), { type: 'image/png' });
}
