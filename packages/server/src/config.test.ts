import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults for a laptop', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, dataDir: './data', databaseUrl: undefined, publicUrl: 'http://localhost:3000', trustProxy: false });
  });

  it('reads DEFAULT_FOLLOWS, PUBLIC_URL and TRUST_PROXY', () => {
    const config = loadConfig({ DEFAULT_FOLLOWS: ' Team, news ,', PUBLIC_URL: 'https://ask.example.org/', TRUST_PROXY: '1' });
    expect(config.defaultFollows).toEqual(['team', 'news']);
    expect(config.publicUrl).toBe('https://ask.example.org');
    expect(config.trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,::1' }).trustProxy).toEqual(['10.0.0.2', '10.1.0.0/16', '::1']);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('refuses TRUST_PROXY=true: trusting every hop would let clients choose their IP', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/number of proxies/);
    expect(() => loadConfig({ TRUST_PROXY: 'nginx please' })).toThrow(/TRUST_PROXY/);
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
