export type { CardFormat, CardTheme } from '@askbox/common';

/** What a card shows, and nothing else: the renderer never sees ids, emails or who sent an anonymous question. */
export interface CardContent {
  question: string;
  answer: string;
  /** 'Anonymous', or '@username' when the asker's own profile is public (the public pages' rule). */
  asker: string;
  owner: { fullname: string; username: string; /** a data: URL of the owner's picture, or null for their initial */ picture: string | null };
  /** The site's host name, printed in the corner (PUBLIC_URL's). */
  site: string;
}
