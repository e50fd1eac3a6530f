import { CARD_SIZES } from '@askbox/common';
import { renderAsync } from '@resvg/resvg-js';
import satori from 'satori';
import sharp from 'sharp';
import { cardFonts, emojiImage } from './assets.js';
import { cardLayout } from './layout.js';
import type { CardContent, CardFormat, CardTheme } from './types.js';

/**
 * Draws a card as a PNG: satori lays the elements out into SVG (text as paths, emoji as Twemoji
 * images), resvg rasterises it, sharp encodes the PNG (decision 240).
 */
export async function renderCard(content: CardContent, format: CardFormat, theme: CardTheme): Promise<Buffer> {
  const { width, height } = CARD_SIZES[format];
  const svg = await satori(cardLayout(content, format, theme) as unknown as Parameters<typeof satori>[0], {
    width,
    height,
    fonts: cardFonts(),
    loadAdditionalAsset: async (code, segment) => (code === 'emoji' ? (emojiImage(segment) ?? '') : []),
  });
  // rasterised on a libuv thread: the event loop serves other requests meanwhile
  const image = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  // sharp (libpng) encodes in a fraction of resvg's own encoder's time, off the main thread
  return sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}
