/** Chromium's install event (not in the DOM typings yet). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

/**
 * Android/Chromium fire `beforeinstallprompt` once, early, often while the splash still shows:
 * keep it from the start so the prompt on /home can open the browser's own install dialog.
 */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    listeners.forEach((l) => l());
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    listeners.forEach((l) => l());
  });
}

export function getInstallEvent(): BeforeInstallPromptEvent | null {
  return deferred;
}

export function subscribeInstallEvent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The event can be used once: the browser shows its dialog, then forgets it. */
export async function showBrowserInstallPrompt(): Promise<void> {
  const event = deferred;
  deferred = null;
  listeners.forEach((l) => l());
  if (!event) return;
  await event.prompt();
  await event.userChoice.catch(() => undefined);
}
