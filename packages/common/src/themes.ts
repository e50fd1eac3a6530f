/**
 * The colour theme: the system's (default), or always light, or always dark (decision 121).
 * Zod-free, like locales.ts: the first screen applies it, and must not pull zod in (decision 147).
 */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
