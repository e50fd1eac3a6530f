// Strings of shared components, kept here until the locale catalogs land (BRIEF: move them then).
export const texts = {
  offlineNothingKept: 'You are offline. This will load when you reconnect.',
} as const;
