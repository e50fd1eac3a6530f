import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderCard } from './render.js';
import type { CardContent, CardFormat, CardTheme } from './types.js';

/**
 * Cards compared with reviewed renders in goldens/ (pixel by pixel, within a small tolerance for
 * anti-aliasing). After an intended change of the drawing, look at the new images and refresh them
 * with UPDATE_GOLDENS=1.
 */
const owner = { fullname: 'Zoë Ångström', username: 'zoe', picture: null };
const base = { asker: 'Anonymous', owner, site: 'askbox.example' };
const cases: [name: string, format: CardFormat, theme: CardTheme, content: CardContent][] = [
  ['short-link-light', 'link', 'light', { ...base, question: 'Tea or coffee?', answer: 'Tea.' }],
  ['short-story-dark', 'story', 'dark', { ...base, question: 'Tea or coffee?', answer: 'Tea.' }],
  [
    'long-link-dark',
    'link',
    'dark',
    { ...base, asker: '@a_very_long_username', question: 'Why '.repeat(75).trim(), answer: 'Because of everything. '.repeat(13).slice(0, 300) },
  ],
  ['long-story-light', 'story', 'light', { ...base, question: 'Tell me more '.repeat(23).slice(0, 300), answer: 'x'.repeat(300) }],
  [
    'accented-link-light',
    'link',
    'light',
    {
      ...base,
      question: 'Quelle est ta chanson préférée en été ?',
      answer: '« La Mer » de Trenet : ça me rappelle l’été à Sète. Œuvre, naïve, Ça, Ÿ, ß, ñ, ø, ł.',
    },
  ],
  ['emoji-story-dark', 'story', 'dark', { ...base, question: 'Describe your day in emoji 😄', answer: '☀️🏖️🍦 then 🌧️☔ and finally 🍕❤️👍🏽🇫🇷👨‍👩‍👧' }],
];

const goldenPath = (name: string) => new URL(`./goldens/${name}.png`, import.meta.url);

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('card goldens', () => {
  it.each(cases)('%s matches its reviewed render', async (name, format, theme, content) => {
    const png = await renderCard(content, format, theme);
    if (process.env.UPDATE_GOLDENS) fs.writeFileSync(goldenPath(name), png);
    const [actual, expected] = await Promise.all([pixels(png), pixels(fs.readFileSync(goldenPath(name)))]);
    expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
    let differing = 0;
    for (let i = 0; i < actual.data.length; i += 4) {
      const delta = Math.max(...[0, 1, 2, 3].map((c) => Math.abs(actual.data[i + c]! - expected.data[i + c]!)));
      if (delta > 24) differing += 1;
    }
    expect(differing / (actual.width * actual.height)).toBeLessThan(0.002);
  });
});
