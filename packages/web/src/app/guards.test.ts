import { describe, expect, it } from 'vitest';
import { returnPathOf } from './guards';

describe('the page a log-in comes back to', () => {
  it('is a profile or an answer of this site, named in ?next=', () => {
    expect(returnPathOf('?next=%2Fu%2Falice')).toBe('/u/alice');
    expect(returnPathOf('?next=%2Fu%2Falice%2Fanswers%2F0b8f2c1e-1111-4a2b-9c3d-123456789abc')).toBe('/u/alice/answers/0b8f2c1e-1111-4a2b-9c3d-123456789abc');
  });

  it('is nothing else: no other site, no other screen', () => {
    for (const next of [
      '//evil.example/u/alice',
      'https://evil.example/u/alice',
      '/u/alice/../../settings',
      '/settings',
      '/u/alice?x=1',
      '/u/\\\\evil.example',
      '',
    ])
      expect(returnPathOf(`?next=${encodeURIComponent(next)}`)).toBeNull();
    expect(returnPathOf('')).toBeNull();
  });
});
