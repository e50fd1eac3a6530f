import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions, users } from '../../db/schema/index.js';
import { saveInstanceSettings } from '../instanceAccess/service.js';
import { fakeWebDist } from '../../test/fakeWebDist.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

/**
 * A public profile is public to people: signed out, its address and its answers' links show the
 * profile read-only (an answer's link opens on that answer); every other address keeps the spec's
 * signed-out page, the same bytes for a private, a suspended and a missing profile.
 */
const webDistDir = fakeWebDist();
const challenge = { enabled: false, difficulty: 2 };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDistDir, challenge });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDistDir, { recursive: true, force: true });
});

const open = (app: TestApp, url: string, language = 'en') => app.app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
async function answered(app: TestApp, owner: TestUser, text: string, answer: string, extras: Record<string, unknown> = {}) {
  const asker = await signUpUser(app.app);
  const id = (await apiAs(app.app, asker).post(`/api/users/${owner.username}/questions`, { text, isAnonymous: true })).json().id as string;
  expect((await apiAs(app.app, owner).post(`/api/questions/${id}/answer`, { answer, ...extras })).statusCode).toBe(204);
  return id;
}
async function publicOwner(app: TestApp): Promise<TestUser> {
  const owner = await signUpUser(app.app, { fullname: 'Public Owner' });
  await apiAs(app.app, owner).patch('/api/me/settings', { publicProfile: true });
  return owner;
}

describe('a public profile, signed out', () => {
  it('shows the profile and its answers read-only, with log in (coming back here) and sign-up instead of the ask box', async () => {
    const owner = await publicOwner(t);
    await answered(t, owner, 'Tea or coffee?', 'Tea, always.');
    const page = await open(t, `/u/${owner.username}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Public Owner');
    expect(page.body).toContain('Tea or coffee?');
    expect(page.body).toContain('Tea, always.');
    expect(page.body).not.toContain('id="visitor-ask"');
    expect(page.body).toContain(`href="/login?next=%2Fu%2F${owner.username}">Log in to ask</a>`);
    expect(page.body).toContain('href="/signup">Create your Askbox</a>');
    expect(page.body).not.toContain('SPA');
  });

  it("opens an answer's link on that answer, highlighted, its warning closed over the answer and its picture", async () => {
    const owner = await publicOwner(t);
    const older = await answered(t, owner, 'An older one?', 'Older answer.');
    const warned = await answered(t, owner, 'Something spoilery?', 'The butler did it.', { contentWarning: 'Film spoilers' });
    await t.ctx.db
      .update(questions)
      .set({ pictureUrl: '/media/answers/test/picture-800.jpg', pictureAlt: 'A butler, holding a candlestick', pictureWidth: 800, pictureHeight: 600 })
      .where(eq(questions.id, warned));
    const page = (await open(t, `/u/${owner.username}/answers/${warned}`)).body;
    const highlighted = page.indexOf(`id="answer-${warned}" aria-current="true"`);
    expect(highlighted).toBeGreaterThan(0);
    // first, before the ask section and the other answers
    expect(highlighted).toBeLessThan(page.indexOf('Log in to ask'));
    expect(highlighted).toBeLessThan(page.indexOf(`id="answer-${older}"`));
    // once only
    expect(page.split(`id="answer-${warned}"`)).toHaveLength(2);
    const article = page.slice(highlighted, page.indexOf('</article>', highlighted));
    expect(article).toMatch(
      /<details class="visitor-cw"><summary>.*Content warning<\/span> Film spoilers.*<\/summary><p>The butler did it\.<\/p><img class="visitor-picture" [^>]*alt="A butler, holding a candlestick"[^>]*loading="lazy"/s,
    );
    expect(article).not.toMatch(/<details[^>]* open/);
    expect(page).toContain(`/login?next=%2Fu%2F${owner.username}%2Fanswers%2F${warned}`);
  });

  it('speaks the browser’s language', async () => {
    const owner = await publicOwner(t);
    const page = (await open(t, `/u/${owner.username}`, 'fr-FR,fr;q=0.9')).body;
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain('Se connecter pour poser une question');
    expect(page).toContain('Créer votre Askbox');
  });

  it('offers no sign-up where the instance takes none', async () => {
    const owner = await publicOwner(t);
    await saveInstanceSettings(t.ctx, { registrations: 'closed', emailDomainBlocks: [] });
    try {
      const page = (await open(t, `/u/${owner.username}`)).body;
      expect(page).toContain('Log in to ask');
      expect(page).not.toContain('Create your Askbox');
    } finally {
      await saveInstanceSettings(t.ctx, { registrations: 'open', emailDomainBlocks: [] });
    }
  });
});

describe('every other address, signed out', () => {
  it('is the spec’s signed-out page, byte for byte the same for a private, a suspended and a missing profile', async () => {
    const hidden = await signUpUser(t.app);
    const suspended = await publicOwner(t);
    const id = await answered(t, suspended, 'Still there?', 'For now.');
    await t.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    const pages = await Promise.all(
      [`/u/${hidden.username}`, `/u/${suspended.username}`, '/u/nobody_at_all', `/u/${suspended.username}/answers/${id}`, `/u/nobody_at_all/answers/${id}`].map(
        (url) => open(t, url),
      ),
    );
    for (const page of pages) {
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(pages[0]!.body);
      expect(page.body).toContain('SPA');
    }
  });

  it('is the app for anyone signed in, public profile or not', async () => {
    const owner = await publicOwner(t);
    const reader = await signUpUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/u/${owner.username}`, headers: { cookie: reader.cookie } })).body).toContain('SPA');
  });

  it('says before anyone types what every visitor would meet: a paused inbox, or rules that keep visitors out', async () => {
    const visitorsWelcome = await createTestApp({ webDistDir, challenge, visitorQuestions: true });
    try {
      const owner = await signUpUser(visitorsWelcome.app);
      const settings = (body: Record<string, unknown>) => apiAs(visitorsWelcome.app, owner).patch('/api/me/settings', body);
      expect((await settings({ publicProfile: true, visitorQuestions: true })).statusCode).toBe(200);
      expect((await open(visitorsWelcome, `/u/${owner.username}`)).body).toContain('id="visitor-ask"');

      expect((await settings({ inboxPaused: true })).statusCode).toBe(200);
      const paused = (await open(visitorsWelcome, `/u/${owner.username}`)).body;
      expect(paused).not.toContain('id="visitor-ask"');
      expect(paused).toContain('This inbox is closed for now: it takes no new questions.');

      expect((await settings({ inboxPaused: false, refuseAnonymousQuestions: true })).statusCode).toBe(200);
      const noAnonymous = (await open(visitorsWelcome, `/u/${owner.username}`)).body;
      expect(noAnonymous).not.toContain('id="visitor-ask"');
      expect(noAnonymous).toContain('Log in to ask</a>');
    } finally {
      await visitorsWelcome.close();
    }
  });
});
