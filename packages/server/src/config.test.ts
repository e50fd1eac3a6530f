import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults for a laptop', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, dataDir: './data', databaseUrl: undefined, publicUrl: 'http://localhost:3000', trustProxy: false });
  });

  it('reads DEFAULT_FOLLOWS, PUBLIC_URL and TRUST_PROXY', () => {
    const config = loadConfig({ DEFAULT_FOLLOWS: ' Team, news ,', PUBLIC_URL: 'https://ask.example.org/', TRUST_PROXY: 'true' });
    expect(config.defaultFollows).toEqual(['team', 'news']);
    expect(config.publicUrl).toBe('https://ask.example.org');
    expect(config.trustProxy).toBe(true);
  });

  it('DEFAULT_FOLLOWS: unset means the first accounts, none means nobody', () => {
    expect(loadConfig({}).defaultFollows).toBe('first-accounts');
    expect(loadConfig({ DEFAULT_FOLLOWS: ' ' }).defaultFollows).toBe('first-accounts');
    expect(loadConfig({ DEFAULT_FOLLOWS: 'None' }).defaultFollows).toEqual([]);
    expect(loadConfig({}).firstAccountIsAdmin).toBe(true);
  });

  it('refuses bad values with a readable message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://nope' })).toThrow(/PUBLIC_URL/);
  });
});
