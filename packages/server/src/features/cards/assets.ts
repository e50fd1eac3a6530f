import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The fonts and emoji images a card is drawn with, read from installed packages (Inter from
 * @fontsource/inter, Twemoji from @twemoji/svg): nothing is fetched at run time and the machine's
 * own fonts are never used, so a card looks the same on every server. This module runs in the
 * card-drawing threads (renderPool.ts): what it keeps belongs to its thread, not to an app.
 */
const require = createRequire(import.meta.url);

export interface CardFont {
  name: string;
  data: Buffer;
  weight: 400 | 700;
  style: 'normal';
}

let fonts: CardFont[] | null = null;

/** Inter regular and bold, Latin and Latin Extended (every accent the catalogs use); see CARD_FONT_FAMILY. */
export function cardFonts(): CardFont[] {
  if (fonts) return fonts;
  const dir = path.join(path.dirname(require.resolve('@fontsource/inter/package.json')), 'files');
  fonts = (['latin', 'latin-ext'] as const).flatMap((subset) =>
    ([400, 700] as const).map((weight) => ({
      // one family per subset: satori falls back from font to font, not within one family's files
      name: subset === 'latin' ? 'Inter' : 'Inter Extended',
      data: fs.readFileSync(path.join(dir, `inter-${subset}-${weight}-normal.woff`)),
      weight,
      style: 'normal' as const,
    })),
  );
  return fonts;
}

const emojiDir = () => path.dirname(require.resolve('@twemoji/svg/package.json'));
/** Pictures of the emoji drawn lately, the oldest forgotten past this many: text can hold thousands of distinct ones. */
export const EMOJI_CACHE_SIZE = 256;
const emojiCache = new Map<string, string | null>();

/** How many emoji pictures are kept now. */
export const emojiCacheSize = () => emojiCache.size;

/** Twemoji's file name for an emoji: its code points in hex, without the variation selector unless part of a sequence. */
function emojiFileName(emoji: string): string {
  const points = Array.from(emoji).map((c) => c.codePointAt(0)!.toString(16));
  return (emoji.includes('\u200d') ? points : points.filter((p) => p !== 'fe0f')).join('-');
}

/** The emoji as an SVG data URL, or null when Twemoji has no picture of it (it is then left out). */
export function emojiImage(emoji: string): string | null {
  if (emojiCache.has(emoji)) return emojiCache.get(emoji)!;
  const candidates = [
    emojiFileName(emoji),
    Array.from(emoji)
      .map((c) => c.codePointAt(0)!.toString(16))
      .join('-'),
  ];
  let url: string | null = null;
  for (const name of candidates) {
    const file = path.join(emojiDir(), `${name}.svg`);
    if (/^[0-9a-f-]+$/.test(name) && fs.existsSync(file)) {
      url = `data:image/svg+xml;base64,${fs.readFileSync(file).toString('base64')}`;
      break;
    }
  }
  emojiCache.set(emoji, url);
  if (emojiCache.size > EMOJI_CACHE_SIZE) emojiCache.delete(emojiCache.keys().next().value!);
  return url;
}

/** The font-family of every card text. */
export const CARD_FONT_FAMILY = 'Inter, "Inter Extended"';
