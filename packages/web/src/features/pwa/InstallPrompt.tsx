/** The PWA install prompt shown on /home (spec §4). Filled in by the PWA feature. */
export function InstallPrompt() {
  return null;
}
