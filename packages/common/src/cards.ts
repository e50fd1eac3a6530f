/**
 * Answer cards: the images of a question and its answer that link previews show and people share
 * (stories). The same names on the server, which draws them, and in the web, which links to them.
 */
export const CARD_FORMATS = ['link', 'story'] as const;
export type CardFormat = (typeof CARD_FORMATS)[number];
export const CARD_THEMES = ['light', 'dark'] as const;
export type CardTheme = (typeof CARD_THEMES)[number];

/** Pixel sizes: `link` for link previews (og:image), `story` for stories (9:16). */
export const CARD_SIZES: Record<CardFormat, { width: number; height: number }> = {
  link: { width: 1200, height: 630 },
  story: { width: 1080, height: 1920 },
};

/** `link-light.png`: the last segment of a card URL. */
export const cardFileName = (format: CardFormat, theme: CardTheme) => `${format}-${theme}.png`;

/** The file name's variant, or null when it names no card. */
export function parseCardFileName(name: string): { format: CardFormat; theme: CardTheme } | null {
  const match = /^(link|story)-(light|dark)\.png$/.exec(name);
  return match ? { format: match[1] as CardFormat, theme: match[2] as CardTheme } : null;
}

export const cardPaths = {
  /** A public profile's answer card, for anyone (404 when the profile is private). */
  public: (username: string, answerId: string, format: CardFormat, theme: CardTheme) =>
    `/u/${encodeURIComponent(username)}/answers/${encodeURIComponent(answerId)}/cards/${cardFileName(format, theme)}`,
  /** The signed-in owner's own answer card, public profile or not (to download). */
  own: (answerId: string, format: CardFormat, theme: CardTheme) => `/api/me/answers/${encodeURIComponent(answerId)}/cards/${cardFileName(format, theme)}`,
};
