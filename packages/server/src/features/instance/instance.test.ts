import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { movableClock } from '../../clock.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';
import { listItemsOf, renderMarkdown } from './markdown.js';

describe('Markdown of the instance pages', () => {
  it.each([
    ['<script>alert(1)</script>', '<script'],
    ['<img src=x onerror=alert(1)>', '<img'],
    ['[click](javascript:alert(1))', 'javascript:'],
    ['[data](data:text/html;base64,PHNjcmlwdD4=)', 'data:'],
    ['<a href="https://x.test" onclick="alert(1)">x</a>', 'onclick'],
    ['<iframe src="https://x.test"></iframe>', '<iframe'],
  ])('neutralises %j (at most shown as text)', (markdown, forbidden) => {
    const tags =
      renderMarkdown(markdown)
        .toLowerCase()
        .match(/<[a-z][^>]*>/g) ?? [];
    for (const tag of tags) {
      expect(tag).not.toContain(forbidden);
      expect(tag).not.toMatch(/\son[a-z]+=|javascript:|data:/);
      expect(tag).toMatch(/^<(p|a href="https:\/\/x\.test" rel="noopener noreferrer nofollow")>$/);
    }
  });

  it('keeps what Markdown makes: headings, lists, emphasis and safe links (which tell nothing of the page)', () => {
    const html = renderMarkdown('# Title\n\n- **one**\n- [site](https://example.org)\n\nmail@example.org');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<li><strong>one</strong></li>');
    expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer nofollow">site</a>');
  });

  it('reads the rules from the top-level list items, as plain text', () => {
    expect(listItemsOf('# Rules\n\n- Be **kind**.\n  - a detail\n- No `spam`.\n\n1. Numbered too\n\nA paragraph.')).toEqual([
      'Be kind.',
      'No spam.',
      'Numbered too',
    ]);
  });
});

describe('the instance pages and announcements', () => {
  let t: TestApp;
  let admin: TestUser;
  let person: TestUser;
  const clock = movableClock(new Date('2026-12-01T10:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    admin = await signUpUser(t.app, { username: 'page_admin' });
    await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    person = await signUpUser(t.app, { username: 'page_reader' });
  });
  afterAll(() => t.close());

  it('serves the default pages signed out, in the asked language', async () => {
    for (const slug of ['about', 'rules', 'terms', 'privacy']) {
      const page = await apiAs(t.app, null).get(`/api/pages/${slug}`);
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({ slug, isDefault: true, updatedAt: null });
    }
    expect((await apiAs(t.app, null).get('/api/pages/rules?locale=fr')).json().html).toContain('<h1>Règles</h1>');
    expect((await apiAs(t.app, null).get('/api/pages/elsewhere')).statusCode).toBe(400);
    // the default rules are not report reasons: reporting stays the four reasons until an admin writes rules
    expect((await apiAs(t.app, null).get('/api/rules')).json()).toEqual({ rules: [] });
  });

  it('an admin writes a page; everyone reads it, sanitised; blank Markdown restores the default', async () => {
    const markdown = '# House rules\n\n- Be nice.\n- No ads.\n\n<script>alert("x")</script>';
    expect((await apiAs(t.app, person).put('/api/admin/pages/rules', { markdown })).statusCode).toBe(403);
    const saved = await apiAs(t.app, admin).put('/api/admin/pages/rules', { markdown });
    expect(saved.statusCode).toBe(200);
    const page = (await apiAs(t.app, null).get('/api/pages/rules?locale=fr')).json();
    expect(page).toMatchObject({ markdown, isDefault: false });
    expect(page.html).toContain('<h1>House rules</h1>');
    expect(page.html).not.toContain('<script');
    expect((await apiAs(t.app, person).get('/api/rules')).json()).toEqual({ rules: ['Be nice.', 'No ads.'] });
    await apiAs(t.app, admin).put('/api/admin/pages/rules', { markdown: '  ' });
    expect((await apiAs(t.app, null).get('/api/pages/rules')).json().isDefault).toBe(true);
    expect((await apiAs(t.app, admin).put('/api/admin/pages/rules', { markdown: 'x'.repeat(20_001) })).statusCode).toBe(400);
  });

  it('the rules an admin wrote are reasons a report can name; the admin sees the rule', async () => {
    await apiAs(t.app, admin).put('/api/admin/pages/rules', { markdown: '- Be nice.\n- No ads.' });
    const report = (body: object) => apiAs(t.app, person).post('/api/reports', { kind: 'profile', target: admin.username, reason: 'other', ...body });
    expect((await report({ rule: 'Something else' })).statusCode).toBe(400);
    expect((await report({})).statusCode).toBe(400); // 'other' without a rule still needs details
    expect((await report({ rule: 'No ads.' })).json()).toEqual({ reported: true, alreadyReported: false });
    const queue = (await apiAs(t.app, admin).get('/api/admin/reports')).json();
    expect(queue.items[0]).toMatchObject({ reason: 'other', rule: 'No ads.', details: '' });
    await apiAs(t.app, admin).put('/api/admin/pages/rules', { markdown: '' });
  });

  it('shows a scheduled announcement in its window, in the reader’s language, until they close it (on every device)', async () => {
    const announce = (body: unknown) => apiAs(t.app, admin).put('/api/admin/announcement', body);
    const current = async (user: TestUser, locale = 'en') => (await apiAs(t.app, user).get(`/api/announcement?locale=${locale}`)).json().announcement;
    expect((await apiAs(t.app, person).put('/api/admin/announcement', { textEn: 'x', startsAt: '2026-12-01T00:00:00Z', endsAt: null })).statusCode).toBe(403);
    expect((await announce({ textEn: 'x', startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' })).statusCode).toBe(400);

    const made = await announce({
      textEn: 'Maintenance tonight',
      textFr: 'Maintenance ce soir',
      startsAt: '2026-12-01T12:00:00Z',
      endsAt: '2026-12-02T00:00:00Z',
    });
    expect(made.statusCode).toBe(200);
    expect(await current(person)).toBeNull(); // not yet
    clock.set(new Date('2026-12-01T13:00:00Z'));
    const shown = await current(person);
    expect(shown).toMatchObject({ text: 'Maintenance tonight', locale: 'en' });
    expect(await current(person, 'fr')).toMatchObject({ text: 'Maintenance ce soir', locale: 'fr' });

    expect((await apiAs(t.app, null).post(`/api/announcement/${shown.id}/dismiss`)).statusCode).toBe(401);
    expect((await apiAs(t.app, person).post(`/api/announcement/${shown.id}/dismiss`)).statusCode).toBe(204);
    expect((await apiAs(t.app, person).post(`/api/announcement/${shown.id}/dismiss`)).statusCode).toBe(204);
    expect(await current(person)).toBeNull();
    expect(await current(admin)).toMatchObject({ text: 'Maintenance tonight' }); // closed for one person only

    clock.set(new Date('2026-12-02T01:00:00Z'));
    expect(await current(admin)).toBeNull(); // its window is over

    // a new one without French shows English to everyone; ending it hides it at once
    await announce({ textEn: 'New rules', startsAt: '2026-12-02T00:00:00Z', endsAt: null });
    expect(await current(person, 'fr')).toMatchObject({ text: 'New rules', locale: 'en' });
    expect((await apiAs(t.app, admin).get('/api/admin/announcement')).json().announcement).toMatchObject({ textEn: 'New rules', textFr: '', endsAt: null });
    expect((await apiAs(t.app, admin).delete('/api/admin/announcement')).statusCode).toBe(204);
    expect(await current(person)).toBeNull();
  });

  it("are in the audit log: each page edit, announcement and ending, with the admin's name and not the whole text", async () => {
    const audited = async () =>
      ((await apiAs(t.app, admin).get('/api/admin/audit')).json().items as { action: string; actor: string; detail: string; createdAt: string }[]).filter(
        (entry) => ['page_edited', 'announcement_scheduled', 'announcement_ended'].includes(entry.action),
      );
    const before = (await audited()).length;
    await apiAs(t.app, admin).put('/api/admin/pages/about', { markdown: 'About us' });
    await apiAs(t.app, admin).put('/api/admin/pages/terms', { markdown: ' ' });
    const long = `Audited news: ${'the server moves to a new home tonight, '.repeat(10)}`;
    await apiAs(t.app, admin).put('/api/admin/announcement', { textEn: long, startsAt: '2026-12-01T00:00:00Z', endsAt: null });
    await apiAs(t.app, admin).delete('/api/admin/announcement');
    await apiAs(t.app, admin).delete('/api/admin/announcement'); // nothing left to end: no entry
    const entries = (await audited()).slice(0, (await audited()).length - before);
    expect(entries.map((entry) => entry.action)).toEqual(['announcement_ended', 'announcement_scheduled', 'page_edited', 'page_edited']);
    expect(entries.slice(2).map((entry) => entry.detail)).toEqual(['terms: (default)', 'about']);
    for (const entry of entries.slice(0, 2)) {
      expect(entry.detail).toMatch(/^Audited news: the server moves to a new home tonight, .*…$/);
      expect(entry.detail.length).toBeLessThanOrEqual(61);
    }
    expect(new Set(entries.map((entry) => entry.actor))).toEqual(new Set(['page_admin']));
    expect(entries.every((entry) => !Number.isNaN(Date.parse(entry.createdAt)))).toBe(true);
  });
});
