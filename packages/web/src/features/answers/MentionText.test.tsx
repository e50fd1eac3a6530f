import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { mentionKeys } from '../profiles/api';
import { MentionText } from './MentionText';

/** Renders with the mention look-ups already answered: `known` exist, `unknown` do not. */
const render = (text: string, { known = [] as string[], unknown = [] as string[] } = {}) => {
  const client = new QueryClient();
  for (const name of known) client.setQueryData(mentionKeys.mention(name), true);
  for (const name of unknown) client.setQueryData(mentionKeys.mention(name), false);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MentionText text={text} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

describe('MentionText', () => {
  it('links @mentions of people who exist to the profile, lower-cased, and leaves emails as text', () => {
    const html = render('Ask @Bob_9 or mail me@example.test', { known: ['bob_9'] });
    expect(html).toContain('<a href="/u/bob_9"');
    expect(html).toContain('>@Bob_9</a>');
    expect(html).toContain('mail me@example.test');
    expect(html.match(/<a /g)).toHaveLength(1);
  });

  it('leaves a mention of no one as text, and any mention until the look-up has answered', () => {
    const html = render('@ghost met @bob and @carol', { known: ['bob'], unknown: ['ghost'] });
    expect(html).toBe('<span>@ghost</span><span> met </span><a href="/u/bob" data-discover="true">@bob</a><span> and </span><span>@carol</span>');
  });

  it('never interprets HTML from user text', () => {
    const html = render('<img src=x onerror="alert(1)"> @eve <b>bold</b>', { known: ['eve'] });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).toContain('<a href="/u/eve"');
  });

  it('makes http(s) addresses links that open in a new tab, shown shortened, never another scheme', () => {
    const html = render('read https://example.org/a/very/long/path/that/goes/on?x="1" or javascript:alert(1)');
    expect(html).toContain(
      '<a href="https://example.org/a/very/long/path/that/goes/on?x=" target="_blank" rel="nofollow ugc noopener noreferrer" title="https://example.org/a/very/long/path/that/goes/on?x=">example.org/a/very/long/path/th…</a>',
    );
    expect(html).not.toContain('href="javascript');
    expect(html.match(/<a /g)).toHaveLength(1);
  });
});
