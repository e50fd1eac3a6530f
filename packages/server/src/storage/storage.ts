/**
 * Where uploaded images live. The app stores keys like `users/{uid}/profile-{ts}.jpg` and
 * saves the public URL (`/media/<key>` for the disk backend) on the user row.
 */
export interface MediaStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when there is no such file (an account's archive reads its pictures). */
  get(key: string): Promise<Buffer | null>;
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The URL the browser loads the file from. */
  urlOf(key: string): string;
  /** The key behind a URL this storage produced, or null (default images, foreign URLs). */
  keyOf(url: string): string | null;
}

/** The app's own URL of a stored file: every backend is reached through /media/<key>. */
export const mediaUrlOf = (key: string) => `${MEDIA_PREFIX}${key}`;

export function mediaKeyOf(url: string): string | null {
  if (!url.startsWith(MEDIA_PREFIX)) return null;
  const key = url.slice(MEDIA_PREFIX.length);
  return MEDIA_KEY_PATTERN.test(key) ? key : null;
}

export const MEDIA_PREFIX = '/media/';

/** Keys the app writes (older uploads have no width); anything else is refused when serving, so no path can escape the folder. */
export const MEDIA_KEY_PATTERN = /^users\/[A-Za-z0-9-]{1,64}\/(profile|cover|answer)-\d{1,16}(-\d{2,4})?\.jpg$/;

/** The key of one stored width of a picture (the widths: IMAGE_WIDTHS in common). */
export function mediaKeyFor(userId: string, kind: 'profile' | 'cover' | 'answer', at: Date, width: number): string {
  return `users/${userId}/${kind}-${at.getTime()}-${width}.jpg`;
}
