import { describe, expect, it } from 'vitest';
import { mastodonServerOf, shareLink } from './shareLinks';

const answer = { text: 'Zoé answered on Askbox', url: 'https://askbox.example/u/zoe/answers/a1' };

describe('share links', () => {
  it('prefill each network with the text and the address, encoded', () => {
    expect(shareLink('mastodon', answer, 'mastodon.social')).toBe(
      'https://mastodon.social/share?text=Zo%C3%A9%20answered%20on%20Askbox%20https%3A%2F%2Faskbox.example%2Fu%2Fzoe%2Fanswers%2Fa1',
    );
    expect(shareLink('bluesky', answer)).toMatch(/^https:\/\/bsky\.app\/intent\/compose\?text=Zo%C3%A9.*a1$/);
    expect(shareLink('x', answer)).toBe(`https://x.com/intent/post?text=Zo%C3%A9%20answered%20on%20Askbox&url=${encodeURIComponent(answer.url)}`);
    expect(shareLink('whatsapp', answer)).toMatch(/^https:\/\/wa\.me\/\?text=.*answers%2Fa1$/);
    expect(shareLink('telegram', answer)).toBe(`https://t.me/share/url?url=${encodeURIComponent(answer.url)}&text=Zo%C3%A9%20answered%20on%20Askbox`);
    expect(shareLink('email', answer)).toBe(
      `mailto:?subject=Zo%C3%A9%20answered%20on%20Askbox&body=Zo%C3%A9%20answered%20on%20Askbox%0A%0A${encodeURIComponent(answer.url)}`,
    );
  });

  it('read a Mastodon server from what people type, and refuse what is no host', () => {
    expect(mastodonServerOf('mastodon.social')).toBe('mastodon.social');
    expect(mastodonServerOf(' https://Fosstodon.org/about ')).toBe('fosstodon.org');
    expect(mastodonServerOf('@zoe@piaille.fr')).toBe('piaille.fr');
    expect(mastodonServerOf('zoe@piaille.fr')).toBe('piaille.fr');
    expect(mastodonServerOf('not a server')).toBeNull();
    expect(mastodonServerOf('javascript:alert(1)')).toBeNull();
    expect(mastodonServerOf('')).toBeNull();
  });
});
