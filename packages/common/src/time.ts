import { BADGE_CAP } from './limits.js';
import { enFirst as en } from './i18n/en.js';
import type { Locale } from './locales.js';

/**
 * 'just now' under 60 s, then 'm ago', 'h ago', 'd ago' in English; other languages
 * say it through Intl ('il y a 5 min'). `justNow` is the catalog's word for under a minute in that
 * language (passed in, so the web loads only its own language's catalog).
 */
export function relativeTime(iso: string, now: Date = new Date(), locale: Locale = 'en', justNow: string = en.time.justNow): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return justNow;
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  const [count, unit] = minutes < 60 ? ([minutes, 'minute'] as const) : hours < 24 ? ([hours, 'hour'] as const) : ([days, 'day'] as const);
  if (locale === 'en') return `${count}${unit[0]} ago`;
  return relativeTimeFormatFor(locale).format(-count, unit);
}

// an Intl formatter is costly to make (a lookup in the locale data): one per language, made once
const relativeTimeFormats = new Map<Locale, Intl.RelativeTimeFormat>();
function relativeTimeFormatFor(locale: Locale): Intl.RelativeTimeFormat {
  let format = relativeTimeFormats.get(locale);
  if (!format) relativeTimeFormats.set(locale, (format = new Intl.RelativeTimeFormat(locale, { style: 'short' })));
  return format;
}

/** Start of the activity window: midnight (local to the server) `days` days ago. */
export function activityWindowStart(days: number, now: Date = new Date()): Date {
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  start.setDate(start.getDate() - days);
  return start;
}

/** Nav badge text: the count, or '99+' above 99. */
export function badgeText(count: number, cap = BADGE_CAP): string {
  return count > cap ? `${cap}+` : String(count);
}
