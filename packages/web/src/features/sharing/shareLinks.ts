/**
 * Where the share sheet sends an answer: each network's own "compose" link, prefilled with a short
 * text and the answer's address. Mastodon has no central site: the user names their server once
 * and it is remembered on this device.
 */
export const SHARE_NETWORKS = ['mastodon', 'bluesky', 'x', 'whatsapp', 'telegram', 'email'] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

export const NETWORK_NAMES: Record<Exclude<ShareNetwork, 'email'>, string> = {
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
  x: 'X',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
};

const e = encodeURIComponent;

/** The compose link of `network` for `text` and `url`; Mastodon needs the user's `server` (a host name). */
export function shareLink(network: ShareNetwork, { text, url }: { text: string; url: string }, server?: string): string {
  const both = `${text} ${url}`;
  switch (network) {
    case 'mastodon':
      return `https://${server}/share?text=${e(both)}`;
    case 'bluesky':
      return `https://bsky.app/intent/compose?text=${e(both)}`;
    case 'x':
      return `https://x.com/intent/post?text=${e(text)}&url=${e(url)}`;
    case 'whatsapp':
      return `https://wa.me/?text=${e(both)}`;
    case 'telegram':
      return `https://t.me/share/url?url=${e(url)}&text=${e(text)}`;
    case 'email':
      return `mailto:?subject=${e(text)}&body=${e(`${text}\n\n${url}`)}`;
  }
}

/** 'mastodon.social' from what people type ('@me@mastodon.social', 'https://mastodon.social/'); null when it is no host name. */
export function mastodonServerOf(input: string): string | null {
  let host = input.trim().toLowerCase();
  host = host.replace(/^https?:\/\//, '').replace(/^@?[^@/\s]+@/, '');
  host = host.split(/[/?#]/)[0] ?? '';
  return /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(:\d{1,5})?$/.test(host) ? host : null;
}

const MASTODON_SERVER_KEY = 'askbox.mastodonServer';

export function rememberedMastodonServer(): string | null {
  try {
    return localStorage.getItem(MASTODON_SERVER_KEY);
  } catch {
    return null;
  }
}

export function rememberMastodonServer(server: string): void {
  try {
    localStorage.setItem(MASTODON_SERVER_KEY, server);
  } catch {
    // private browsing: asked again next time
  }
}
