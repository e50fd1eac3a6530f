import { describe, expect, it } from 'vitest';
import { en } from '@askbox/common';
import { errorFromResponse } from './client';

describe('errorFromResponse', () => {
  const body = { error: { code: 'rate_limited', message: en.tooManyRequests } };

  it('says when to try again from Retry-After', () => {
    expect(errorFromResponse(429, body, '840').message).toBe('Too many attempts. Try again in 14 minutes.');
    expect(errorFromResponse(429, body, '60').message).toBe('Too many attempts. Try again in 1 minute.');
    expect(errorFromResponse(429, body, '20').message).toBe('Too many attempts. Try again in 20 seconds.');
  });

  it("keeps the server's message without a usable Retry-After, and for other statuses", () => {
    expect(errorFromResponse(429, body, null).message).toBe(en.tooManyRequests);
    expect(errorFromResponse(429, body, 'Wed, 21 Oct 2026 07:28:00 GMT').message).toBe(en.tooManyRequests);
    expect(errorFromResponse(400, { error: { code: 'x', message: 'Bad' } }, '30').message).toBe('Bad');
  });
});
