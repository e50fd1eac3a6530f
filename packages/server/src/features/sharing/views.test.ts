import { describe, expect, it } from 'vitest';
import { answerHtml } from './views.js';

describe('an answer as HTML outside Askbox (Atom, ActivityPub)', () => {
  it('makes http(s) addresses in the question and answer links, and escapes everything else', () => {
    const html = answerHtml(
      {
        id: 'a1',
        question: 'Where is <b>it</b>?',
        answer: 'Here: https://example.org/a?b=1&c=2. Not javascript:alert(1)',
        contentWarning: null,
        picture: null,
        askerUsername: null,
        remote: null,
        publishToFollowers: false,
        answeredAt: '2026-01-01T00:00:00.000Z',
        createdAt: '2026-01-01T00:00:00.000Z',
      },
      'https://askbox.example/u/owner/answers/a1',
    );
    expect(html).toContain('<blockquote><p>Where is &lt;b&gt;it&lt;/b&gt;?</p></blockquote>');
    expect(html).toContain(
      '<p>Here: <a href="https://example.org/a?b=1&amp;c=2" rel="nofollow ugc noopener noreferrer" target="_blank">example.org/a?b=1&amp;c=2</a>. Not javascript:alert(1)</p>',
    );
  });
});
