import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAX_TEXT_LENGTH } from '@askbox/common';
import { BUILT_IN_PROMPTS } from '@askbox/common/prompts/builtin';
import { movableClock } from '../../clock.js';
import { questions, users } from '../../db/schema/index.js';
import { apiAs, createTestApp, signUpUser, type TestApp, type TestUser } from '../../test/harness.js';

describe('ideas of questions (Need inspiration?)', () => {
  let t: TestApp;
  let admin: TestUser;
  let person: TestUser;
  const clock = movableClock(new Date('2026-12-01T10:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    admin = await signUpUser(t.app, { username: 'prompt_admin' });
    await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    person = await signUpUser(t.app, { username: 'prompt_asker' });
  });
  afterAll(() => t.close());

  it('offers the built-in prompts in the asked language, and only to people signed in', async () => {
    const english = await apiAs(t.app, person).get('/api/prompts?lang=en');
    expect(english.statusCode).toBe(200);
    expect(english.json()).toEqual({ questionOfTheDay: null, prompts: [...BUILT_IN_PROMPTS.en] });
    const french = (await apiAs(t.app, person).get('/api/prompts?lang=fr')).json();
    expect(french.prompts).toContain('Quelle chanson as-tu en tête\u202f?');
    expect(french.prompts).not.toContain('What song is stuck in your head?');
    expect(BUILT_IN_PROMPTS.en.length).toBeGreaterThanOrEqual(25);
    expect(BUILT_IN_PROMPTS.fr.length).toBe(BUILT_IN_PROMPTS.en.length);
    // each idea fits a question, so it can be sent as it is; French ones follow French typography
    for (const text of [...BUILT_IN_PROMPTS.en, ...BUILT_IN_PROMPTS.fr]) expect(text.length).toBeLessThanOrEqual(MAX_TEXT_LENGTH);
    for (const text of BUILT_IN_PROMPTS.fr) expect(text).toMatch(/\u202f\?$/);
    expect((await apiAs(t.app, null).get('/api/prompts?lang=en')).statusCode).toBe(401);
    expect((await apiAs(t.app, person).get('/api/prompts?lang=de')).statusCode).toBe(400);
  });

  it('an admin adds and removes prompts per language, each change in the audit log; others are refused', async () => {
    const input = { locale: 'fr', text: 'Quel est ton plat du dimanche ?', day: null };
    expect((await apiAs(t.app, person).post('/api/admin/prompts', input)).statusCode).toBe(403);
    expect((await apiAs(t.app, person).get('/api/admin/prompts')).statusCode).toBe(403);
    expect((await apiAs(t.app, admin).post('/api/admin/prompts', { ...input, text: '   ' })).statusCode).toBe(400);
    const added = await apiAs(t.app, admin).post('/api/admin/prompts', input);
    expect(added.statusCode).toBe(200);
    const id = added.json().id as string;
    expect((await apiAs(t.app, admin).get('/api/admin/prompts')).json().prompts).toEqual([
      { id, locale: 'fr', text: input.text, day: null, createdAt: '2026-12-01T10:00:00.000Z' },
    ]);
    expect((await apiAs(t.app, person).get('/api/prompts?lang=fr')).json().prompts.at(-1)).toBe(input.text);
    expect((await apiAs(t.app, person).get('/api/prompts?lang=en')).json().prompts).not.toContain(input.text);

    expect((await apiAs(t.app, person).delete(`/api/admin/prompts/${id}`)).statusCode).toBe(403);
    expect((await apiAs(t.app, admin).delete(`/api/admin/prompts/${id}`)).statusCode).toBe(204);
    expect((await apiAs(t.app, admin).delete(`/api/admin/prompts/${id}`)).statusCode).toBe(404);
    expect((await apiAs(t.app, person).get('/api/prompts?lang=fr')).json().prompts).not.toContain(input.text);

    const audit = (await apiAs(t.app, admin).get('/api/admin/audit')).json().items as { actor: string; action: string; detail: string }[];
    expect(audit.slice(0, 2).map((entry) => [entry.actor, entry.action, entry.detail])).toEqual([
      ['prompt_admin', 'prompt_removed', `fr: ${input.text}`],
      ['prompt_admin', 'prompt_added', `fr: ${input.text}`],
    ]);
  });

  it('offers the question of the day first on its day only, and never puts it in an inbox', async () => {
    const text = 'What is your favourite winter walk?';
    const added = await apiAs(t.app, admin).post('/api/admin/prompts', { locale: 'en', text, day: '2026-12-02' });
    expect(added.statusCode).toBe(200);
    // the day before: not offered at all
    expect((await apiAs(t.app, person).get('/api/prompts?lang=en')).json()).toEqual({ questionOfTheDay: null, prompts: [...BUILT_IN_PROMPTS.en] });
    clock.set(new Date('2026-12-02T00:30:00Z'));
    expect((await apiAs(t.app, person).get('/api/prompts?lang=en')).json()).toEqual({ questionOfTheDay: text, prompts: [text, ...BUILT_IN_PROMPTS.en] });
    // in its own language only
    expect((await apiAs(t.app, person).get('/api/prompts?lang=fr')).json().questionOfTheDay).toBeNull();
    clock.set(new Date('2026-12-03T00:00:00Z'));
    expect((await apiAs(t.app, person).get('/api/prompts?lang=en')).json().questionOfTheDay).toBeNull();
    expect(await t.ctx.db.select().from(questions).where(eq(questions.text, text))).toEqual([]);
  });
});
