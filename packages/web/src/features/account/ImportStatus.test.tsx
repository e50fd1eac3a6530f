import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AccountImport } from '@askbox/common';
import { loadLaterTexts, setLocale } from '../../i18n';
import { ImportStatus } from './ImportStatus';

const job = (over: Partial<AccountImport>): AccountImport => ({
  id: 'j1',
  status: 'running',
  itemsTotal: 8,
  itemsDone: 2,
  added: 2,
  error: null,
  following: [],
  createdAt: '2026-03-01T10:00:00.000Z',
  finishedAt: null,
  ...over,
});

const render = (props: Partial<Parameters<typeof ImportStatus>[0]>) =>
  renderToStaticMarkup(<ImportStatus job={null} checking={false} refusal={null} {...props} />);
/** What a screen reader reads of it: the markup without its tags. */
const text = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/[ \t\n]+/g, ' ')
    .trim();

beforeAll(() => loadLaterTexts());
afterEach(() => setLocale('en'));

describe('the import status in Settings › Account', () => {
  it('is an empty polite live region when there was no import, so a screen reader hears what comes later', () => {
    const empty = render({});
    expect(empty).toMatch(/^<div [^>]*role="status" aria-live="polite"><\/div>$/);
  });

  it('says the file is being checked, then why it was refused', () => {
    expect(text(render({ checking: true }))).toBe('Checking the archive…');
    expect(text(render({ refusal: 'This archive is too large (50 MB maximum).', job: job({ status: 'done' }) }))).toBe(
      'This archive is too large (50 MB maximum).',
    );
  });

  it('shows the progress as words and as a labelled progress bar, queued first', () => {
    expect(text(render({ job: job({ status: 'queued', itemsDone: 0 }) }))).toBe('Your archive is waiting to be imported.');
    const running = render({ job: job({}) });
    expect(text(running)).toBe('Importing your archive: 2 of 8 answers (25%)');
    expect(running).toMatch(/<progress[^>]*max="100"[^>]*value="25"[^>]*aria-label="Import progress"[^>]*aria-describedby="import-progress-text"/);
  });

  it('gives the result and lists the accounts to follow again, saying it cannot follow them itself', () => {
    const done = render({
      job: job({
        status: 'done',
        itemsDone: 8,
        added: 6,
        following: [{ name: 'Friend', handle: '@friend@old.example', actorUri: null, since: '2025-01-01T00:00:00.000Z' }],
      }),
    });
    expect(text(done)).toBe(
      'Import finished: 6 new answers, 8 in the archive. Accounts you followed there Askbox cannot follow accounts on other servers for you yet. Find them by their handle and follow them again. Friend @friend@old.example',
    );
    expect(done).toContain('<h3 id="import-following-title"');
    expect(done).not.toContain('<progress');
  });

  it('says why an import stopped, in the words of its error code', () => {
    expect(text(render({ job: job({ status: 'failed', error: 'invalid_image' }) }))).toBe(
      'The import stopped: This file is not a supported image (JPEG, PNG, WebP, GIF or AVIF).',
    );
    expect(text(render({ job: job({ status: 'failed', error: 'not-a-code' }) }))).toBe('The import stopped: Something went wrong. Please try again.');
  });

  it('speaks French', async () => {
    await setLocale('fr');
    expect(text(render({ job: job({}) }))).toBe('Importation de votre archive\u00a0: 2 réponses sur 8 (25\u202f%)');
  });
});
