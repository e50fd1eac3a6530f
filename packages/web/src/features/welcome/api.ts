/**
 * The welcome step is due on the device where an account was just created, until it is done or
 * skipped there. Kept in this browser's storage: nothing on the server depends on it.
 */
const key = (userId: string) => `askbox.welcomeDue.${userId}`;

export function rememberWelcomeDue(userId: string): void {
  try {
    localStorage.setItem(key(userId), '1');
  } catch {
    // storage refused (private mode, quota): no welcome step, the app works the same
  }
}

export function welcomeDue(userId: string): boolean {
  try {
    return localStorage.getItem(key(userId)) === '1';
  } catch {
    return false;
  }
}

export function forgetWelcomeDue(userId: string): void {
  try {
    localStorage.removeItem(key(userId));
  } catch {
    // nothing kept, nothing to forget
  }
}
