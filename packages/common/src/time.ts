import { BADGE_CAP } from './limits.js';

/** 'just now' under 60 s, then 'm ago', 'h ago', 'd ago' (spec §9). */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
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
