import { describe, expect, it } from 'vitest';
import { MAX_MENTION_LOOKUP } from '@askbox/common';
import { createMentionLookup } from './mentionLookup';

describe('createMentionLookup', () => {
  it('asks once for every name wanted in the same moment and tells each caller about its own', async () => {
    const requests: string[][] = [];
    const lookup = createMentionLookup(async (names) => {
      requests.push(names);
      return names.filter((name) => name !== 'nobody');
    });
    const answers = await Promise.all([lookup('Bob'), lookup('nobody'), lookup('bob'), lookup('alice')]);
    expect(answers).toEqual([true, false, true, true]);
    expect(requests).toEqual([['bob', 'nobody', 'alice']]);
    expect(await lookup('carol')).toBe(true);
    expect(requests).toHaveLength(2);
  });

  it('splits a long list into requests the server accepts, and passes a failure on', async () => {
    const sizes: number[] = [];
    const lookup = createMentionLookup(async (names) => {
      sizes.push(names.length);
      return names;
    });
    const many = Array.from({ length: MAX_MENTION_LOOKUP + 3 }, (_, i) => `user_${i}`);
    expect(await Promise.all(many.map(lookup))).toEqual(many.map(() => true));
    expect(sizes).toEqual([MAX_MENTION_LOOKUP, 3]);
    const failing = createMentionLookup(() => Promise.reject(new Error('offline')));
    await expect(failing('bob')).rejects.toThrow('offline');
  });
});
