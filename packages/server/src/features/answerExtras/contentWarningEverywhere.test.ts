import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist } from '../../test/fakeWebDist.js';
import { composedPushes, insertSubscription } from '../../test/notificationFixtures.js';
import { apiAs, createTestApp, signUpUser, type TestApp } from '../../test/harness.js';
import { publicAnswerCard, type CardRenderer } from '../cards/service.js';

/**
 * A content warning hides the answer wherever an answer appears (decision 315). This walks every
 * surface that renders an answer: those that cannot open it in place (a push, both cards, a link
 * preview) never carry the answer's text; those that can (the app's lists, the visitor page) carry
 * the warning with it, so that the one rule (common's answerGlimpse, the web's ContentWarning)
 * shows the warning first.
 */
const SECRET = 'The butler did it';
const WARNING = 'Spoilers for the finale';

const webDistDir = fakeWebDist();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDistDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDistDir, { recursive: true, force: true });
});

describe('an answer behind a content warning, on every surface', () => {
  it('is never quoted where it cannot be opened, and comes with its warning where it can', async () => {
    const owner = await signUpUser(t.app, { fullname: 'Olive Owner' });
    const asker = await signUpUser(t.app);
    await apiAs(t.app, owner).patch('/api/me/settings', { publicProfile: true });
    await apiAs(t.app, asker).patch('/api/me/settings', { publicProfile: true });
    await apiAs(t.app, asker).post(`/api/users/${owner.username}/follow`);
    const id = (await apiAs(t.app, asker).post(`/api/users/${owner.username}/questions`, { text: 'Who did it?', isAnonymous: false })).json().id as string;
    expect((await apiAs(t.app, owner).post(`/api/questions/${id}/answer`, { answer: SECRET, contentWarning: WARNING })).statusCode).toBe(204);

    // a push: the owner's device is told of a like with the warning, not the answer
    await insertSubscription(t.ctx.db, owner.id);
    expect((await apiAs(t.app, asker).post(`/api/answers/${id}/like`)).statusCode).toBe(200);
    const pushes = await composedPushes(t.ctx.db, owner.id);
    const likePush = pushes.find((push) => push.title?.includes('Like'));
    expect(likePush?.body).toContain(`Content warning: ${WARNING.slice(0, 30)}`);
    for (const push of pushes) expect(JSON.stringify(push)).not.toContain(SECRET);

    // both cards: the renderer is handed the question and the warning, never the answer
    const drawn: Parameters<CardRenderer>[0][] = [];
    const capture: CardRenderer = async (content) => {
      drawn.push(content);
      return Buffer.from('png');
    };
    for (const format of ['link', 'story'] as const) await publicAnswerCard(t.ctx, owner.username, id, { format, theme: 'light' }, capture);
    expect(drawn).toHaveLength(2);
    for (const content of drawn) {
      expect(content.question).toBe('Who did it?');
      expect(content.answer).toBe(`Content warning: ${WARNING}`);
      expect(JSON.stringify(content)).not.toContain(SECRET);
    }

    // the link preview of the answer's page (signed out): the warning, and no card of the answer's text
    const page = await t.app.inject({ url: `/u/${owner.username}/answers/${id}` });
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    expect(head).toContain(`Content warning: ${WARNING}`);
    expect(head).not.toContain(SECRET);
    // the visitor page shows it only inside its closed disclosure, under the warning
    const details = /<details[^>]*>([\s\S]*?)<\/details>/.exec(page.body.slice(page.body.indexOf('</head>')));
    expect(details?.[1]).toContain(WARNING);
    expect(details?.[1]).toContain(SECRET);
    expect(page.body.slice(page.body.indexOf('</head>')).replace(/<details[\s\S]*?<\/details>/g, '')).not.toContain(SECRET);

    // the app's lists: wherever the answer's text is, its warning is beside it
    const surfaces: [string, unknown][] = [
      ['feed', (await apiAs(t.app, asker).get('/api/feed')).json().items.find((item: { id: string }) => item.id === id)],
      ['profile', (await apiAs(t.app, asker).get(`/api/users/${owner.username}/answers`)).json().items.find((item: { id: string }) => item.id === id)],
      ['answer', (await apiAs(t.app, asker).get(`/api/answers/${id}`)).json()],
      [
        'activity',
        (await apiAs(t.app, owner).get('/api/notifications/activity/groups')).json().items.find((item: { answer?: { id: string } }) => item.answer?.id === id)
          ?.answer,
      ],
      ['answers tab', (await apiAs(t.app, asker).get('/api/notifications/answers')).json().items.find((item: { id: string }) => item.id === id)],
      ['questions asked', (await apiAs(t.app, asker).get('/api/me/questions-asked')).json().items.find((item: { id: string }) => item.id === id)],
    ];
    for (const [surface, shown] of surfaces) {
      expect(shown, surface).toBeDefined();
      const text = JSON.stringify(shown);
      if (text.includes(SECRET)) expect(shown, surface).toMatchObject({ contentWarning: WARNING });
    }
  });
});
