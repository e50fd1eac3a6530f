import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { startHandBuiltPeer, type HandBuiltPeer } from '../packages/server/src/test/handBuiltPeer';
import { trustTestCertificate } from '../packages/server/src/test/tls';
import { newUser, signUpViaApi } from './fixtures';
import { root, startApp } from './app-server';

/**
 * A question from the fediverse, seen by its receiver: a Mastodon-shaped peer on loopback (no
 * Fedify in it) mentions a user; the inbox shows the asker's name and handle, the 'From the
 * fediverse' filter, and 'Block this asker' / 'Block {domain}'. This file starts its own app,
 * which trusts the peer's test certificate and may reach loopback (its test switch).
 */
const test = base.extend<object, { fediverseInstance: string }>({
  fediverseInstance: [
    async ({}, use) => {
      const app = await startApp({
        FEDERATION: 'on',
        FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
        // the inbox worker also polls often, beside being kicked by each activity received
        FEDERATION_POLL_MS: '250',
        NODE_EXTRA_CA_CERTS: path.join(root, 'packages/server/src/test/tls/localhost.crt'),
      });
      await use(app.baseURL);
      await app.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ fediverseInstance }, use) => {
    await use(fediverseInstance);
  },
});

let mo: HandBuiltPeer;
test.beforeAll(async () => {
  trustTestCertificate();
  mo = await startHandBuiltPeer();
});
test.afterAll(async () => {
  await mo?.close();
});

const shots = path.join(root, 'test-results', 'fediverse-shots');
async function screenshots(page: Page, name: string): Promise<void> {
  fs.mkdirSync(shots, { recursive: true });
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`) });
  }
}

test('a mention from another server is a named question in the inbox, filtered and blockable', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const alice = newUser('alice');
  const { id } = await signUpViaApi(page, alice);
  expect((await page.request.patch('/api/me/settings', { data: { publicProfile: true } })).status()).toBe(200);
  const actor = `${baseURL}/ap/actors/${id}`;
  const note = `${mo.origin}/users/mo/statuses/1`;
  const status = await mo.send(`${actor}/inbox`, {
    '@context': 'https://www.w3.org/ns/activitystreams',
    id: `${note}/activity`,
    type: 'Create',
    actor: mo.actorUri,
    to: ['https://www.w3.org/ns/activitystreams#Public'],
    object: {
      id: note,
      type: 'Note',
      attributedTo: mo.actorUri,
      to: ['https://www.w3.org/ns/activitystreams#Public'],
      cc: [actor],
      content: `<p><a href="${actor}" class="u-url mention">@<span>${alice.username}</span></a> What would you cook for a friend on a rainy Sunday?</p>`,
      tag: [{ type: 'Mention', href: actor }],
    },
  });
  expect(status).toBe(202);
  // the inbox worker handles the mention a moment after the 202 (decision 325): its first row also
  // loads the federation engine, which takes a while on a busy machine
  await expect
    .poll(async () => ((await (await page.request.get('/api/me/inbox')).json()) as { items: { text: string }[] }).items.map((item) => item.text), {
      timeout: 45_000,
    })
    .toContain('What would you cook for a friend on a rainy Sunday?');

  await page.goto('/questions');
  const question = page.getByRole('article').filter({ hasText: 'What would you cook for a friend on a rainy Sunday?' });
  await expect(question).toBeVisible();
  await expect(question.getByText(`@mo@${new URL(mo.origin).host}`)).toBeVisible();
  await expect(question.getByText('Mo from a hand-built server')).toBeVisible();
  await screenshots(page, 'inbox');

  await page.getByRole('button', { name: 'Fediverse', exact: true }).click();
  await expect(question).toBeVisible();
  await page.getByRole('button', { name: 'Anonymous' }).click();
  await expect(question).toHaveCount(0);
  await page.getByRole('button', { name: 'Fediverse', exact: true }).click();

  await question.getByRole('button', { name: 'Block this asker' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Block this asker' }).click();
  await expect(question).toHaveCount(0);
  const blocks = (await (await page.request.get('/api/me/remote-blocks')).json()) as { items: { target: string }[] };
  expect(blocks.items.map((b) => b.target)).toEqual([mo.actorUri]);

  // the profile says how to ask from the fediverse
  await page.goto('/profile');
  await expect(page.getByText(`Ask from Mastodon: mention @${alice.username}@${new URL(baseURL!).host}`)).toBeVisible();
  await screenshots(page, 'profile');

  // unblocked, the question is back: in French and dark too
  await page.request.delete(`/api/me/remote-blocks?kind=actor&target=${encodeURIComponent(mo.actorUri)}`);
  expect((await page.request.patch('/api/me/settings', { data: { locale: 'fr' } })).status()).toBe(200);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/questions');
  await expect(page.getByRole('button', { name: 'Fédivers', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bloquer cette personne' })).toBeVisible();
  await screenshots(page, 'inbox-fr-dark');
});

test("a direct post's question offers 'Also publish my answer to my followers', off by default; a public post's does not", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const alice = newUser('alice');
  const { id } = await signUpViaApi(page, alice);
  expect((await page.request.patch('/api/me/settings', { data: { publicProfile: true } })).status()).toBe(200);
  const actor = `${baseURL}/ap/actors/${id}`;
  // mo follows alice: the public copy of a published answer reaches his server's shared inbox
  const follow = { '@context': 'https://www.w3.org/ns/activitystreams', id: `${mo.actorUri}#follows/${id}`, type: 'Follow', actor: mo.actorUri, object: actor };
  expect(await mo.send(`${actor}/inbox`, follow)).toBe(202);
  const ask = async (n: number, text: string, to: string[]) => {
    const note = `${mo.origin}/users/mo/statuses/${id}-${n}`;
    const body = {
      id: note,
      type: 'Note',
      attributedTo: mo.actorUri,
      to,
      content: `<p>@${alice.username} ${text}</p>`,
      tag: [{ type: 'Mention', href: actor }],
    };
    expect(
      await mo.send(`${actor}/inbox`, {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${note}/activity`,
        type: 'Create',
        actor: mo.actorUri,
        to,
        object: body,
      }),
    ).toBe(202);
    return note;
  };
  await ask(1, 'Asked in public: your favourite tree?', ['https://www.w3.org/ns/activitystreams#Public']);
  const direct = await ask(2, 'Asked in private: your favourite river?', [actor]);
  await expect.poll(async () => ((await (await page.request.get('/api/me/inbox')).json()) as { items: unknown[] }).items.length, { timeout: 45_000 }).toBe(2);

  await page.goto('/questions');
  const open = async (text: string) => {
    const card = page.getByRole('article').filter({ hasText: text });
    await card.getByRole('button', { name: 'Answer' }).click();
    return card;
  };
  const publicCard = await open('your favourite tree?');
  await expect(publicCard.getByRole('checkbox', { name: 'Also publish my answer to my followers' })).toHaveCount(0);
  await publicCard.getByRole('button', { name: 'Cancel' }).click();

  const privateCard = await open('your favourite river?');
  const publish = privateCard.getByRole('checkbox', { name: 'Also publish my answer to my followers' });
  await expect(publish).toBeVisible();
  await expect(publish).not.toBeChecked();
  await expect(publish).toHaveAccessibleDescription(/without the name of who asked/);
  await privateCard.getByRole('textbox', { name: 'Your answer' }).fill('The one near home.');
  await publish.focus();
  await page.keyboard.press('Space');
  await expect(publish).toBeChecked();
  await privateCard.getByRole('button', { name: 'Send' }).click();
  await expect(privateCard).toHaveCount(0);

  // mo gets the private reply to his post at his own inbox, and the public copy, which names nobody
  const creates = () => mo.received.map((r) => r.activity).filter((a) => a.type === 'Create') as { object: Record<string, unknown> }[];
  await expect.poll(() => creates().filter((a) => String(a.object.content).includes('The one near home.')).length, { timeout: 30_000 }).toBe(2);
  const [reply, copy] = ['reply', 'copy'].map((kind) =>
    creates().find((a) => String(a.object.content).includes('The one near home.') && (kind === 'reply') === 'inReplyTo' in a.object),
  );
  expect(reply!.object.inReplyTo).toBe(direct);
  expect(String(copy!.object.id)).toMatch(/\.public$/);
  expect(JSON.stringify(copy)).not.toContain(mo.actorUri);
});
