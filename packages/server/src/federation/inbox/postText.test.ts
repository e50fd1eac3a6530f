import { describe, expect, it } from 'vitest';
import { cutAtWord, questionTextOfPost } from './postText.js';

describe('the text of a question asked in a remote post', () => {
  it('strips HTML, keeps mentions and links as text, drops the leading mentions', () => {
    const mastodon =
      '<p><span class="h-card" translate="no"><a href="https://askbox.host/ap/actors/1" class="u-url mention">@<span>alice</span></a></span> ' +
      '<span class="h-card"><a href="https://x.example/@carol" class="u-url mention">@<span>carol</span></a></span> what do you think of ' +
      '<span class="h-card"><a href="https://x.example/@dan" class="u-url mention">@<span>dan</span></a></span>&#39;s post at ' +
      '<a href="https://example.org/a/very/long/path" rel="nofollow"><span class="invisible">https://</span><span class="ellipsis">example.org/a/very/</span><span class="invisible">long/path</span></a>?</p>' +
      '<p>Second&nbsp;line &amp; more</p><script>alert(1)</script>';
    expect(questionTextOfPost(mastodon)).toBe("what do you think of @dan's post at https://example.org/a/very/long/path?\nSecond line & more");
    expect(questionTextOfPost('@alice@askbox.host, hello<br>there')).toBe('hello\nthere');
  });

  it('removes control characters and unsafe code points, and is empty for a post of mentions only', () => {
    expect(questionTextOfPost('<p>a\u0000b&#0;c&#xD800;d\u009f</p>')).toBe('abcd');
    expect(questionTextOfPost('<p>@alice@askbox.host</p>')).toBe('');
  });

  it("cuts cleanly at a word with '…' at the length limit", () => {
    const long = 'word '.repeat(100);
    const cut = questionTextOfPost(`<p>${long}</p>`, 300);
    expect(Array.from(cut).length).toBeLessThanOrEqual(300);
    expect(cut.endsWith('word…')).toBe(true);
    expect(cutAtWord('x'.repeat(400), 300)).toBe(`${'x'.repeat(299)}…`);
    expect(cutAtWord('short', 300)).toBe('short');
  });
});
