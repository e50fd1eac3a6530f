import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ActivityGroup, Answer, Reply, ReplyPage } from '@askbox/common';
import { DialogsProvider } from '../../components/dialogs/DialogsProvider';
import { ActivityGroups } from '../notifications/ActivityGroups';
import { replyKeys } from './api';
import { ReplyThread } from './ReplyThread';

const alice = { id: 'u1', username: 'alice', fullname: 'Alice Martin', photoURL: '/alice.jpg', badge: '' };
const answer = { id: 'p1', receiver: alice } as Answer;
const reply = (over: Partial<Reply>): Reply => ({
  id: 'r1',
  answerId: 'p1',
  text: 'Lovely!',
  author: null,
  remoteAuthor: null,
  createdAt: new Date().toISOString(),
  hidden: false,
  canDelete: false,
  canHide: false,
  ...over,
});

/** The thread as it renders with this page loaded. */
function thread(items: Reply[]) {
  const client = new QueryClient();
  const page: ReplyPage = { items, nextCursor: null, open: true, mayReply: false };
  client.setQueryData(replyKeys.thread(answer.id), { pages: [page], pageParams: [''] });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <DialogsProvider>
        <MemoryRouter>
          <ReplyThread answer={answer} id="thread" />
        </MemoryRouter>
      </DialogsProvider>
    </QueryClientProvider>,
  );
}
const textOf = (html: string) => html.replace(/<[^>]*>/g, '');

describe('a reply from the fediverse in the thread (decision 370)', () => {
  it('is named by its name and @user@host, with initials and no picture, no link; a local reply keeps its picture and link', () => {
    const html = thread([
      reply({ id: 'r1', remoteAuthor: { handle: '@bob@remote.example', name: 'Bob Remote' }, text: 'From afar' }),
      reply({ id: 'r2', author: alice, text: 'From here' }),
    ]);
    const [remote, local] = html.split(/<li[ >]/).slice(1);
    expect(textOf(remote!)).toContain('Bob Remote @bob@remote.example on the fediverse');
    expect(remote).toContain('aria-label="Reply by @bob@remote.example"');
    expect(remote).not.toContain('<img');
    expect(remote).not.toContain('<a ');
    expect(textOf(local!)).toContain('Alice Martin @alice');
    expect(local).toContain('href="/u/alice"');
    expect(local).toContain('/alice.jpg');
  });

  it('an account with no name shows its handle alone', () => {
    const html = thread([reply({ remoteAuthor: { handle: '@bob@remote.example', name: '' } })]);
    expect(textOf(html)).toContain('@bob@remote.example on the fediverse');
    expect(html).not.toContain('<img');
  });

  it("the owner's Activity names a remote replier by handle, with initials", () => {
    const group: ActivityGroup = {
      id: 'reply:p1:2026-01-10',
      type: 'reply',
      day: '2026-01-10',
      latestAt: new Date().toISOString(),
      count: 1,
      users: [],
      remoteUsers: [{ handle: '@bob@remote.example', name: 'Bob Remote' }],
      answer: { id: 'p1', answer: 'Tea.', contentWarning: null, ownerUsername: 'alice' },
      unread: false,
    };
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <ActivityGroups groups={[group]} />
      </MemoryRouter>,
    );
    expect(textOf(html)).toContain('Bob Remote @bob@remote.example replied to your answer');
    expect(html).not.toContain('<img');
  });
});
