import { threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { EMOJI_CACHE_SIZE, emojiCacheSize, emojiImage } from './assets.js';
import { createRenderPool } from './renderPool.js';
import type { CardContent } from './types.js';

/** Cards are drawn on threads of their own: the server's event loop only hands over the text and takes the PNG. */
const content: CardContent = {
  question: 'What is drawn where?',
  answer: 'On a thread of its own 🧵',
  asker: 'Anonymous',
  owner: { fullname: 'Card Owner', username: 'card_owner', picture: null },
  site: 'askbox.example',
};
const pool = createRenderPool({ threads: 2, deadlineMs: 60_000, idleMs: 60_000 });
afterAll(() => pool.close());

const isPng = (bytes: Buffer) => bytes.subarray(0, 8).toString('hex') === '89504e470d0a1a0a';

describe('the card-drawing threads', () => {
  it('draw a card off the thread that asked for it', async () => {
    const card = await pool.draw(content, 'link', 'light');
    expect(isPng(card.png)).toBe(true);
    expect(card.threadId).not.toBe(threadId);
  });

  it('are two at most, however many different cards are asked for at once', async () => {
    let most = 0;
    const drawing = Array.from({ length: 6 }, (_, n) =>
      pool.draw({ ...content, answer: `Card number ${n}` }, n % 2 ? 'story' : 'link', 'dark').finally(() => (most = Math.max(most, pool.size()))),
    );
    const cards = await Promise.all(drawing);
    expect(cards.every((card) => isPng(card.png))).toBe(true);
    expect(most).toBeLessThanOrEqual(2);
    expect(new Set(cards.map((card) => card.threadId)).size).toBeLessThanOrEqual(2);
  });

  it('give up a card not drawn by its deadline, end its thread, and draw the next one on a new thread', async () => {
    const impatient = createRenderPool({ threads: 1, deadlineMs: 1, idleMs: 60_000 });
    try {
      await expect(impatient.draw({ ...content, answer: '🧵'.repeat(2000) }, 'story', 'dark')).rejects.toThrow('card not drawn within 1 ms');
      expect(impatient.size()).toBe(0);
    } finally {
      await impatient.close();
    }
    // the same content, given its time, is drawn
    expect(isPng((await pool.draw({ ...content, answer: '🧵'.repeat(200) }, 'story', 'dark')).png)).toBe(true);
  });
});

describe('the emoji pictures kept in memory', () => {
  it('are the latest few hundred, however many distinct emoji texts hold', () => {
    // 400 distinct emoji from the Supplemental Symbols and Pictographs and Emoticons blocks
    const emoji = [...Array.from({ length: 80 }, (_, i) => 0x1f600 + i), ...Array.from({ length: 320 }, (_, i) => 0x1f900 + i)].map((point) =>
      String.fromCodePoint(point),
    );
    for (const one of emoji) emojiImage(one);
    expect(emoji.filter((one) => emojiImage(one) !== null).length).toBeGreaterThan(EMOJI_CACHE_SIZE);
    expect(emojiCacheSize()).toBeLessThanOrEqual(EMOJI_CACHE_SIZE);
  });
});
