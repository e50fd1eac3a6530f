import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './client';

describe('api.postOnce', () => {
  const sent: (string | null)[] = [];
  const answer = (status: number) =>
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers).get('idempotency-key'));
      return new Response(status === 201 ? '{"id":"q1"}' : '{"error":{"code":"x","message":"x"}}', { status });
    });
  afterEach(() => {
    vi.unstubAllGlobals();
    sent.length = 0;
  });

  it('sends a write again with the same key after a lost answer, and a new write with a new key', async () => {
    answer(502);
    await expect(api.postOnce('/api/users/ana/questions', { text: 'Hi?' })).rejects.toThrow();
    answer(201);
    expect(await api.postOnce('/api/users/ana/questions', { text: 'Hi?' })).toEqual({ id: 'q1' });
    await api.postOnce('/api/users/ana/questions', { text: 'Hi?' });
    expect(sent[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]).toBe(sent[0]);
    expect(sent[2]).not.toBe(sent[0]);
  });

  it('forgets the key of a write the server refused', async () => {
    answer(403);
    await expect(api.postOnce('/api/questions/q1/answer', { answer: 'Yes' })).rejects.toThrow();
    await expect(api.postOnce('/api/questions/q1/answer', { answer: 'Yes' })).rejects.toThrow();
    expect(sent[1]).not.toBe(sent[0]);
  });
});
