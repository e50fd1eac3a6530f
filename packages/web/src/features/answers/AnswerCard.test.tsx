import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Answer, AppConfig } from '@askbox/common';
import { sessionKeys } from '../session/api';
import { DialogsProvider } from '../../components/dialogs/DialogsProvider';
import { AnswerCard } from './AnswerCard';

const receiver = { id: 'r', username: 'alice', fullname: 'Alice Martin', photoURL: '/x.svg', badge: '' };
const answerWith = (over: Partial<Answer>): Answer => ({
  id: 'p1',
  text: 'Which server do you like?',
  answer: 'This one.',
  contentWarning: null,
  picture: null,
  isAnonymous: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  answeredAt: '2026-01-01T00:00:01.000Z',
  sender: null,
  remoteSender: null,
  receiver,
  publicProfile: true,
  pinned: false,
  likeCount: 0,
  replyCount: 0,
  boostCount: 0,
  likedByViewer: false,
  ...over,
});

/** The question's 'from' line as a screen reader gets it (the markup without its tags). */
const fromLine = (answer: Answer) => {
  // the instance's address (share links) as /api/config gives it
  const client = new QueryClient();
  client.setQueryData(sessionKeys.config, { publicUrl: 'https://askbox.example' } as AppConfig);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <DialogsProvider>
        <MemoryRouter>
          <AnswerCard answer={answer} showReceiver />
        </MemoryRouter>
      </DialogsProvider>
    </QueryClientProvider>,
  );
  const from = /<p class="[^"]*from[^"]*">(.*?)<\/p>/.exec(html)?.[1] ?? '';
  return { text: from.replace(/<[^>]*>/g, ''), html: from };
};

describe('the asker on an answer card', () => {
  it('a remote asker shows by name and @user@host, where a local asker shows by name and @username, without a link', () => {
    const remote = fromLine(answerWith({ remoteSender: { handle: '@bob@remote.example', name: 'Bob Remote' } }));
    expect(remote.text).toBe('Bob Remote @bob@remote.example on the fediverse');
    expect(remote.html).not.toContain('<a ');
    expect(fromLine(answerWith({ remoteSender: { handle: '@bob@remote.example', name: '' } })).text).toBe('@bob@remote.example on the fediverse');
    expect(fromLine(answerWith({ sender: { id: 'b', username: 'bruno', fullname: 'Bruno Local', photoURL: '/x.svg', badge: '' } })).text).toBe(
      'Bruno Local @bruno',
    );
  });

  it('an anonymous question stays Anonymous, and a named asker not shown is not named', () => {
    expect(fromLine(answerWith({ isAnonymous: true })).text).toBe('Anonymous');
    expect(fromLine(answerWith({})).text).toBe('');
  });
});
