import { describe, expect, it } from 'vitest';
import { movableClock } from './clock.js';
import { testConfig } from './config.js';
import { rateLimits } from './db/schema/index.js';
import { RATE_LIMIT_SWEEP_MS } from './email/worker.js';
import { createTestApp } from './test/harness.js';
import {
  LONGEST_RATE_LIMIT_WINDOW_SECONDS,
  accountRateLimitKey,
  addressRateLimitKey,
  consumeRateLimit,
  deletePersonalRateLimits,
  rateLimitClient,
} from './rateLimit.js';

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

describe('expired counters', () => {
  it('are swept by the background pass, every few minutes; counters still running stay', async () => {
    const clock = movableClock();
    const t = await createTestApp({ email: { ...testConfig().email, worker: true, pollMs: 3_600_000 } }, { clock });
    try {
      // the pass that ran at start-up is over before the counters below are written
      await t.ctx.email.worker!.kick();
      const keys = async () => (await t.ctx.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key).sort();
      const ended = new Date(Date.now() - (LONGEST_RATE_LIMIT_WINDOW_SECONDS + 60) * 1000);
      await t.ctx.db.insert(rateLimits).values([
        { key: 'login-account:ended', windowStart: ended, count: 3 },
        { key: 'reset-ip:198.51.100.7', windowStart: ended, count: 1 },
      ]);
      await consumeRateLimit(t.ctx.db, 'question:running', 10, 600);
      expect(await keys()).toEqual(['login-account:ended', 'question:running', 'reset-ip:198.51.100.7']);
      clock.advance(RATE_LIMIT_SWEEP_MS);
      await t.ctx.email.worker!.kick();
      expect(await keys()).toEqual(['question:running']);
      // a window longer than what the sweep keeps cannot be asked for
      await expect(consumeRateLimit(t.ctx.db, 'too:long', 1, LONGEST_RATE_LIMIT_WINDOW_SECONDS + 1)).rejects.toThrow(/longer than the sweep keeps/);
    } finally {
      await t.close();
    }
  });
});

describe("a person's counters", () => {
  it('are all deleted with their account, whichever key they were built with; others stay', async () => {
    const t = await createTestApp();
    try {
      const person = { id: 'person-1', email: 'person@example.test' };
      const keys = [...Object.values(accountRateLimitKey).map((key) => key(person.id)), ...Object.values(addressRateLimitKey).map((key) => key(person.email))];
      for (const key of [...keys, accountRateLimitKey.question('someone-else'), 'signup:198.51.100.7']) await consumeRateLimit(t.ctx.db, key, 10, 600);
      // no key holds the address itself
      expect(keys.filter((key) => key.includes(person.email))).toEqual([]);
      await deletePersonalRateLimits(t.ctx.db, person);
      const left = (await t.ctx.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key).sort();
      expect(left).toEqual([accountRateLimitKey.question('someone-else'), 'signup:198.51.100.7'].sort());
    } finally {
      await t.close();
    }
  });
});
