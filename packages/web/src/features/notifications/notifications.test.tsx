import { afterEach, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { ActivityGroup, AnswerNotification } from '@askbox/common';
import { setLocale } from '../../i18n';
import { ActivityGroups } from './ActivityGroups';
import { AnswerNotificationsList } from './AnswerNotificationsList';

const alice = { id: 'u1', username: 'alice', fullname: 'Alice Martin', photoURL: '', badge: '' };
const at = new Date().toISOString();
const liked = (answer: string, contentWarning: string | null = null): ActivityGroup => ({
  id: 'like:p1:2026-01-10',
  type: 'like',
  day: '2026-01-10',
  latestAt: at,
  count: 1,
  users: [alice],
  remoteUsers: [],
  answer: { id: 'p1', answer, contentWarning, ownerUsername: 'me' },
  unread: false,
});
const answered: AnswerNotification = {
  id: 'q1',
  question: 'Ça va ?',
  answer: 'Oui',
  contentWarning: null,
  answeredAt: at,
  isAnonymous: true,
  receiver: alice,
  unread: false,
};

/** The text a screen reader gets: the markup without its tags. */
const textOf = (html: string) => html.replace(/<[^>]*>/g, '');
const render = (node: React.ReactNode) => textOf(renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>));

afterEach(() => setLocale('en'));

describe('notification rows (decision 208)', () => {
  it('a like quotes the answer in the language’s punctuation: English as before, French with « » and no-break spaces', async () => {
    await setLocale('en');
    expect(render(<ActivityGroups groups={[liked('Oui')]} />)).toContain('liked your answer:“Oui”');
    expect(render(<ActivityGroups groups={[liked('x'.repeat(70))]} />)).toContain(`“${'x'.repeat(60)}...”`);
    await setLocale('fr');
    expect(render(<ActivityGroups groups={[liked('Oui')]} />)).toContain('a aimé votre réponse\u00a0:«\u00a0Oui\u00a0»');
    expect(render(<ActivityGroups groups={[liked('x'.repeat(70))]} />)).toContain(`«\u00a0${'x'.repeat(60)}…\u00a0»`);
  });

  it('a like from another server names the liker by name and handle, as the push does, in both languages', async () => {
    const remote = (count: number, remoteUsers: ActivityGroup['remoteUsers']): ActivityGroup => ({
      ...liked('Oui'),
      id: 'remoteLike:p1:2026-01-10',
      type: 'remoteLike',
      count,
      users: [],
      remoteUsers,
    });
    const bob = { handle: '@bob@remote.example', name: 'Bob' };
    await setLocale('en');
    expect(render(<ActivityGroups groups={[remote(1, [bob])]} />)).toContain('Bob @bob@remote.example liked your answer:“Oui”');
    expect(render(<ActivityGroups groups={[remote(1, [{ handle: '@mo@elsewhere.example', name: '' }])]} />)).toContain(
      '@mo@elsewhere.example liked your answer:“Oui”',
    );
    expect(render(<ActivityGroups groups={[remote(3, [bob, { handle: '@mo@elsewhere.example', name: 'Mo' }])]} />)).toContain(
      'Bob and 2 others liked your answer:',
    );
    await setLocale('fr');
    expect(render(<ActivityGroups groups={[remote(1, [bob])]} />)).toContain('Bob @bob@remote.example a aimé votre réponse\u00a0:«\u00a0Oui\u00a0»');
  });

  it('the anonymous tag of an answer notification is a word of its own', async () => {
    await setLocale('en');
    expect(render(<AnswerNotificationsList items={[answered]} />)).toContain('answered your question Anonymous question');
    await setLocale('fr');
    expect(render(<AnswerNotificationsList items={[answered]} />)).toContain('a répondu à votre question Question anonyme');
  });

  it('an answer behind a content warning shows its warning, never the answer, in the like quote and the Answers tab, in both languages', async () => {
    const secret = 'The butler did it';
    await setLocale('en');
    const like = render(<ActivityGroups groups={[liked(secret, 'Spoilers')]} />);
    expect(like).toContain('liked your answer:Content warning: Spoilers');
    const answer = render(<AnswerNotificationsList items={[{ ...answered, answer: secret, contentWarning: 'Spoilers' }]} />);
    expect(answer).toContain('Content warning: Spoilers');
    await setLocale('fr');
    expect(render(<ActivityGroups groups={[liked(secret, 'x'.repeat(70))]} />)).toContain(`Avertissement de contenu\u00a0: ${'x'.repeat(60)}…`);
    for (const html of [like, answer]) expect(html).not.toContain(secret);
  });
});
