import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROMPT_SHOWN_AT_KEY, isIos, rememberInstallPromptShown, shouldShowInstallPrompt } from './promptSchedule';

const DAY = 86_400_000;
let store: Map<string, string>;
let standalone: boolean;

function stubBrowser(userAgent = 'Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile', maxTouchPoints = 5) {
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
  });
  vi.stubGlobal('window', { matchMedia: (q: string) => ({ matches: q === '(display-mode: standalone)' && standalone }) });
  vi.stubGlobal('navigator', { userAgent, maxTouchPoints });
}

beforeEach(() => {
  store = new Map();
  standalone = false;
  stubBrowser();
});
afterEach(() => vi.unstubAllGlobals());

describe('install prompt schedule', () => {
  const now = Date.UTC(2026, 0, 31);

  it('shows the first time', () => {
    expect(shouldShowInstallPrompt(now)).toBe(true);
  });

  it('does not show again within 30 days of being shown, and shows after', () => {
    rememberInstallPromptShown(now - 29 * DAY);
    expect(store.get(PROMPT_SHOWN_AT_KEY)).toBe(String(now - 29 * DAY));
    expect(shouldShowInstallPrompt(now)).toBe(false);
    rememberInstallPromptShown(now - 30 * DAY - 1);
    expect(shouldShowInstallPrompt(now)).toBe(true);
  });

  it('never shows inside the installed app', () => {
    standalone = true;
    expect(shouldShowInstallPrompt(now)).toBe(false);
  });

  it('ignores a time in the future (a wrong device clock) instead of hiding the prompt for good', () => {
    rememberInstallPromptShown(now + 100 * DAY);
    expect(shouldShowInstallPrompt(now)).toBe(true);
  });

  it('ignores a garbled stored time', () => {
    store.set(PROMPT_SHOWN_AT_KEY, 'yesterday');
    expect(shouldShowInstallPrompt(now)).toBe(true);
  });

  it('tells iPhones and iPads (which say Macintosh) from Android', () => {
    expect(isIos()).toBe(false);
    stubBrowser('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1');
    expect(isIos()).toBe(true);
    stubBrowser('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5);
    expect(isIos()).toBe(true);
    stubBrowser('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0);
    expect(isIos()).toBe(false);
  });
});
