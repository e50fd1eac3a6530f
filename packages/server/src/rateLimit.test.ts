import { describe, expect, it } from 'vitest';
import { createTestApp } from './test/harness.js';
import { rateLimitClient } from './rateLimit.js';

describe('rateLimitClient', () => {
  it('counts an IPv4 address as itself, and an IPv6 one by its /64 network', () => {
    expect(rateLimitClient('198.51.100.7')).toBe('198.51.100.7');
    expect(rateLimitClient('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(rateLimitClient('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(rateLimitClient('2001:DB8:1:2::abcd')).toBe('2001:db8:1:2::/64');
    expect(rateLimitClient('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitClient('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(rateLimitClient('::1')).toBe('0:0:0:0::/64');
    // the same network, written two ways
    expect(rateLimitClient('2001:0db8:0000:0002:ffff::1')).toBe(rateLimitClient('2001:db8:0:2:1::9'));
  });

  it('makes sign-ups from one IPv6 /64 share one budget, whatever address in it', async () => {
    const t = await createTestApp({
      rateLimits: { signupPerHour: 2, loginPer15Min: 100, loginPerAccountPer15Min: 100, questionsPer10Min: 100, uploadsPerHour: 100 },
    });
    try {
      const signup = (ip: string, n: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          remoteAddress: ip,
          payload: { fullname: `Net ${n}`, username: `net_${n}`, email: `net${n}@example.test`, password: 'correct horse', repeatPassword: 'correct horse' },
        });
      expect((await signup('2001:db8:5:6::1', 1)).statusCode).toBe(201);
      expect((await signup('2001:db8:5:6::2', 2)).statusCode).toBe(201);
      expect((await signup('2001:db8:5:6:ffff::3', 3)).statusCode).toBe(429);
      // another /64 has its own
      expect((await signup('2001:db8:5:7::1', 4)).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});
