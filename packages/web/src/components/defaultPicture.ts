/** The picture the server names for a user without one (packages/web/public/images). */
export const DEFAULT_AVATAR = '/images/default-avatar.svg';

export const isDefaultAvatar = (url: string | null | undefined) => !url || url === DEFAULT_AVATAR;

/** Up to two letters: the first of the first and last words of the name ('Chloé Martin' → 'CM'). */
export function initialsOf(name: string): string {
  // words start with a letter or a digit: '(', '@' and emoji are not initials
  const words = name.match(/[\p{L}\p{N}][\p{L}\p{N}'’]*/gu) ?? [];
  if (words.length === 0) return '?';
  const first = Array.from(words[0]!)[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1]!)[0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}

/** A stable hue per user, so a person keeps their colour on every screen and device. */
export function hueOf(seed: string): number {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return hash % 360;
}

/**
 * Deep enough for white initials to stay readable (≥ 4.5:1 in the lighter yellows and greens too),
 * and bright enough to stand out from a dark background.
 */
export const avatarBackground = (seed: string) => `hsl(${hueOf(seed)} 55% 38%)`;

/**
 * The default cover: two soft light spots over a diagonal gradient from the user's hue to a
 * neighbour, so covers differ between people yet belong to one palette (white text stays readable).
 */
export function coverBackground(seed: string): string {
  const hue = hueOf(seed);
  return [
    'radial-gradient(circle at 85% 15%, rgb(255 255 255 / 0.28) 0 18%, transparent 19%)',
    'radial-gradient(circle at 12% 110%, rgb(255 255 255 / 0.16) 0 30%, transparent 31%)',
    `linear-gradient(135deg, hsl(${hue} 62% 42%) 0%, hsl(${(hue + 40) % 360} 70% 52%) 100%)`,
  ].join(', ');
}
