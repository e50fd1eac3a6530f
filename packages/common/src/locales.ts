/**
 * The languages Askbox speaks; `null` on the account means "follow the browser". A zod-free
 * module: the translator is on every first screen, and importing it must not pull zod in
 * (decision 147).
 */
export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
