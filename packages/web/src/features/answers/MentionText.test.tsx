import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { MentionText } from './MentionText';

const render = (text: string) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <MentionText text={text} />
    </MemoryRouter>,
  );

describe('MentionText', () => {
  it('links @mentions to the profile, lower-cased, and leaves emails as text', () => {
    const html = render('Ask @Bob_9 or mail me@example.test');
    expect(html).toContain('<a href="/u/bob_9"');
    expect(html).toContain('>@Bob_9</a>');
    expect(html).toContain('mail me@example.test');
    expect(html.match(/<a /g)).toHaveLength(1);
  });

  it('never interprets HTML from user text', () => {
    const html = render('<img src=x onerror="alert(1)"> @eve <b>bold</b>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).toContain('<a href="/u/eve"');
  });
});
