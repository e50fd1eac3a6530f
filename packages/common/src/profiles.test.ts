import { describe, expect, it } from 'vitest';
import { updateProfileSchema } from './profiles.js';
import { isHttpUrl } from './urls.js';

describe('profile fields', () => {
  it.each(['https://example.org', 'http://a.b/c?d=1', 'https://example.org/path#x'])('accepts the website %s', (url) => {
    expect(isHttpUrl(url)).toBe(true);
  });
  it.each(['javascript:alert(1)', 'data:text/html,hi', 'ftp://example.org', 'example.org', 'https://', ''])('refuses the website %j', (url) => {
    expect(isHttpUrl(url)).toBe(false);
  });
  it('allows an empty website and trims the fields', () => {
    expect(updateProfileSchema.parse({ fullname: ' Ann ', bio: ' hi ', website: ' ' })).toEqual({ fullname: 'Ann', bio: 'hi', website: '' });
  });
  it('says why a website is refused', () => {
    const result = updateProfileSchema.safeParse({ fullname: 'Ann', bio: '', website: 'javascript:alert(1)' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('website_invalid');
  });
});
