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

/** sRGB of an HSL colour (s, l in 0..1). */
function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const k = (n: number) => (n + hue / 30) % 12;
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => lightness - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [channel(0), channel(8), channel(4)];
}

/** WCAG contrast of white text on an sRGB colour. */
export function contrastWithWhite([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  return 1.05 / (luminance + 0.05);
}

/** The lightest shade (from 38 %) of a hue on which white initials keep 4.6:1: yellows and greens need a deeper one. */
export function avatarLightness(hue: number): number {
  let lightness = 38;
  while (lightness > 20 && contrastWithWhite(hslToRgb(hue, 0.55, lightness / 100)) < 4.6) lightness -= 1;
  return lightness;
}

/**
 * A generated avatar: a diagonal gradient from the account's hue to a neighbour, both shades dark
 * enough for white initials. Seeded by the account id, never by anything an anonymous asker could
 * be recognised by (anonymous askers have no avatar at all).
 */
export const avatarBackground = (accountId: string) => {
  const hue = hueOf(accountId);
  const next = (hue + AVATAR_HUE_STEP) % 360;
  return `linear-gradient(135deg, hsl(${hue} 55% ${avatarLightness(hue)}%), hsl(${next} 55% ${avatarLightness(next)}%))`;
};

/** How far the second colour of a generated avatar turns from the first. */
export const AVATAR_HUE_STEP = 40;

/**
 * The default cover: the brand gradient (tokens.css, light and dark) under two soft light spots,
 * the same for everyone, so a new profile already looks like Askbox.
 */
export const DEFAULT_COVER = [
  'radial-gradient(circle at 85% 15%, rgb(255 255 255 / 0.22) 0 18%, transparent 19%)',
  'radial-gradient(circle at 12% 110%, rgb(255 255 255 / 0.14) 0 30%, transparent 31%)',
  'var(--gradient-brand)',
].join(', ');
