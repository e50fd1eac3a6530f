import { CARD_SIZES } from '@askbox/common';
import { CARD_FONT_FAMILY } from './assets.js';
import type { CardContent, CardFormat, CardTheme } from './types.js';

/**
 * A card's drawing as satori elements (plain objects, no JSX): Askbox's look, the question in a
 * bubble with who asked, the answer below, the owner and the site at the edges. Texts are sized to
 * fit their box (fitFontSize) and clipped as a last resort, so nothing ever overflows the image.
 */

export interface CardElement {
  type: string;
  props: { style?: Record<string, unknown>; children?: CardChild | CardChild[]; src?: string; width?: number; height?: number };
}
type CardChild = CardElement | string | null;

/** The app's design tokens (tokens.css), per theme. */
const palettes: Record<CardTheme, Record<'bg' | 'surface' | 'surface2' | 'text' | 'muted' | 'accent' | 'onAccent' | 'border', string>> = {
  light: {
    bg: '#f6f5fb',
    surface: '#ffffff',
    surface2: '#f1eff8',
    text: '#1c1930',
    muted: '#625f7a',
    accent: '#6d4aff',
    onAccent: '#ffffff',
    border: '#e2def0',
  },
  dark: {
    bg: '#0f0d1a',
    surface: '#1a1729',
    surface2: '#242036',
    text: '#f1effa',
    muted: '#a7a3bf',
    accent: '#9d88ff',
    onAccent: '#0f0d1a',
    border: '#332e4a',
  },
};

/** Per format: outer padding, and the boxes the question and the answer must fit in (px), with their largest and smallest type. */
const geometry: Record<CardFormat, { padding: number; header: number; question: Box; answer: Box; footer: number }> = {
  // widths: the card's less its padding, less the bubble's (question) or the answer's inset
  link: {
    padding: 48,
    header: 60,
    footer: 36,
    question: { width: 1040, height: 112, max: 40, min: 16 },
    answer: { width: 1064, height: 196, max: 46, min: 16 },
  },
  story: {
    padding: 80,
    header: 120,
    footer: 64,
    question: { width: 840, height: 520, max: 64, min: 28 },
    answer: { width: 840, height: 760, max: 72, min: 28 },
  },
};

interface Box {
  width: number;
  height: number;
  max: number;
  min: number;
}

const LINE_HEIGHT = 1.3;
/** Inter's average advance is about 0.53 em for mixed text (more in bold); a little more keeps the estimate on the safe side. */
const AVERAGE_ADVANCE = { 400: 0.58, 700: 0.64 };

/** The largest font size at which `text` fits in `box` (estimated from its length, word by word). */
export function fitFontSize(text: string, box: Box, weight: 400 | 700): number {
  for (let size = box.max; size > box.min; size -= 2) {
    if (linesAt(text, box.width, size * AVERAGE_ADVANCE[weight]) * size * LINE_HEIGHT <= box.height) return size;
  }
  return box.min;
}

function linesAt(text: string, width: number, advance: number): number {
  const perLine = Math.max(1, Math.floor(width / advance));
  let lines = 0;
  for (const paragraph of text.split('\n')) {
    let used = 0;
    lines += 1;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const length = Array.from(word).length;
      if (used > 0 && used + 1 + length > perLine) {
        lines += 1;
        used = 0;
      }
      // a word longer than a line breaks wherever it must
      lines += Math.floor(Math.max(0, (used === 0 ? length : used + 1 + length) - 1) / perLine);
      used = (((used === 0 ? length : used + 1 + length) - 1) % perLine) + 1;
    }
  }
  return lines;
}

const el = (type: string, style: Record<string, unknown>, children?: CardChild | CardChild[]): CardElement => ({ type, props: { style, children } });

/** The element tree of one card. */
export function cardLayout(content: CardContent, format: CardFormat, theme: CardTheme): CardElement {
  const c = palettes[theme];
  const g = geometry[format];
  const { width, height } = CARD_SIZES[format];
  const story = format === 'story';
  const questionSize = fitFontSize(content.question, g.question, 700);
  const answerSize = fitFontSize(content.answer, g.answer, 400);
  const avatarSize = story ? 96 : 56;
  const avatar = content.owner.picture
    ? { type: 'img', props: { src: content.owner.picture, width: avatarSize, height: avatarSize, style: { borderRadius: avatarSize / 2, objectFit: 'cover' } } }
    : el(
        'div',
        {
          width: avatarSize,
          height: avatarSize,
          borderRadius: avatarSize / 2,
          background: c.accent,
          color: c.onAccent,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: avatarSize / 2,
          fontWeight: 700,
        },
        Array.from(content.owner.fullname.trim() || content.owner.username)[0]!.toUpperCase(),
      );
  const textBlock = (text: string, size: number, box: Box, weight: 400 | 700, color: string) =>
    el(
      'div',
      {
        display: 'flex',
        width: box.width,
        maxHeight: box.height,
        overflow: 'hidden',
        fontSize: size,
        lineHeight: LINE_HEIGHT,
        fontWeight: weight,
        color,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
      },
      text,
    );

  return el(
    'div',
    {
      // satori's boxes are content-box: the padding is inside these by stating it so
      width,
      height,
      boxSizing: 'border-box',
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: g.padding,
      background: c.bg,
      fontFamily: CARD_FONT_FAMILY,
      color: c.text,
    },
    [
      el('div', { display: 'flex', alignItems: 'center', height: g.header, flexShrink: 0, gap: story ? 28 : 18 }, [
        avatar,
        el('div', { display: 'flex', flexDirection: 'column', overflow: 'hidden' }, [
          el(
            'div',
            {
              display: 'flex',
              fontSize: story ? 44 : 28,
              fontWeight: 700,
              maxWidth: width - 2 * g.padding - avatarSize - 40,
              overflow: 'hidden',
              whiteSpace: 'nowrap',
            },
            content.owner.fullname,
          ),
          el('div', { display: 'flex', fontSize: story ? 32 : 22, color: c.muted }, `@${content.owner.username}`),
        ]),
      ]),
      el(
        'div',
        {
          display: 'flex',
          flexDirection: 'column',
          flexGrow: 1,
          justifyContent: story ? 'center' : 'flex-start',
          gap: story ? 56 : 20,
          marginTop: story ? 0 : 20,
          overflow: 'hidden',
        },
        [
          el(
            'div',
            {
              display: 'flex',
              flexDirection: 'column',
              background: c.surface,
              border: `2px solid ${c.border}`,
              borderRadius: story ? 40 : 24,
              padding: story ? '40px 38px' : '20px 28px',
              gap: story ? 16 : 6,
            },
            [
              el('div', { display: 'flex', fontSize: story ? 30 : 20, fontWeight: 700, color: c.accent }, content.asker),
              textBlock(content.question, questionSize, g.question, 700, c.text),
            ],
          ),
          el('div', { display: 'flex', padding: story ? '0 40px' : '0 20px' }, [textBlock(content.answer, answerSize, g.answer, 400, c.text)]),
        ],
      ),
      el(
        'div',
        { display: 'flex', justifyContent: 'space-between', alignItems: 'center', height: g.footer, flexShrink: 0, fontSize: story ? 34 : 22, color: c.muted },
        [el('div', { display: 'flex', fontWeight: 700, color: c.accent }, 'Askbox'), el('div', { display: 'flex' }, content.site)],
      ),
    ],
  );
}
