import { PWA_PROMPT_INTERVAL_DAYS } from '@askbox/common';

export const PROMPT_SHOWN_AT_KEY = 'askbox.installPromptShownAt';

/** Running as an installed app (Android/desktop display-mode, iOS navigator.standalone). */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

/** At most once every 30 days, never inside the installed app. */
export function shouldShowInstallPrompt(now = Date.now()): boolean {
  if (isStandalone()) return false;
  let last = NaN;
  try {
    last = Number(localStorage.getItem(PROMPT_SHOWN_AT_KEY));
  } catch {
    // storage blocked (private mode): show it, we cannot remember anyway
  }
  // a time in the future (the device clock was wrong then) does not count
  return !(last > 0 && last <= now && now - last < PWA_PROMPT_INTERVAL_DAYS * 86_400_000);
}

export function rememberInstallPromptShown(now = Date.now()): void {
  try {
    localStorage.setItem(PROMPT_SHOWN_AT_KEY, String(now));
  } catch {
    // nothing to do: the prompt may come back next time
  }
}

export function isIos(): boolean {
  const ua = navigator.userAgent;
  // iPadOS 13+ reports itself as a Mac with touch
  return /iPad|iPhone|iPod/.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
}
