import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testConfig } from '../config.js';
import { users } from '../db/schema/index.js';
import { apPaths } from '../federation/uris.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { makeSubscriptionKeys } from '../test/notificationFixtures.js';
import { makeWorld, PASSWORD, ROLES, type Role, type World } from './world.js';

/**
 * The authorization matrix: every route of the server's own route table × seven people,
 * each case in a fresh world. A route without an entry below fails the suite, so a new route
 * cannot land without its expected statuses. Columns follow ROLES:
 * signed out, stranger, blocked by the owner, blocking the owner, owner, admin, moderator.
 * The moderator's column may be left out: a moderator is then expected to get what the stranger
 * gets (outside moderation, the role gives nothing).
 * Every answer is also scanned for what no one but its owner may see: emails, hashes, tokens and their hashes.
 */
type Statuses = readonly [number, number, number, number, number, number] | readonly [number, number, number, number, number, number, number];
interface Case {
  statuses: Statuses;
  request(world: World, actor: Role): { method: string; url: string; payload?: unknown };
}

const r = (method: string, url: string, payload?: unknown) => ({ method, url, payload });
const same = (status: number): Statuses => [status, status, status, status, status, status, status];
const signedIn = (status: number): Statuses => [401, status, status, status, status, status, status];
const person = (world: World, actor: Role) => (actor === 'signedOut' ? null : world.people[actor]);

const MATRIX: Record<string, Case> = {
  'GET /healthz': { statuses: same(200), request: () => r('GET', '/healthz') },
  'GET /readyz': { statuses: same(200), request: () => r('GET', '/readyz') },
  'GET /api/docs': { statuses: same(200), request: () => r('GET', '/api/docs') },
  'GET /api/docs/json': { statuses: same(200), request: () => r('GET', '/api/docs/json') },
  'GET /api/docs/yaml': { statuses: same(200), request: () => r('GET', '/api/docs/yaml') },
  'GET /api/docs/static/index.html': { statuses: same(302), request: () => r('GET', '/api/docs/static/index.html') },
  'GET /api/docs/static/swagger-initializer.js': { statuses: same(200), request: () => r('GET', '/api/docs/static/swagger-initializer.js') },
  'GET /api/docs/static/*': { statuses: same(200), request: () => r('GET', '/api/docs/static/swagger-ui.css') },
  'GET /api/config': { statuses: same(200), request: () => r('GET', '/api/config') },
  'GET /api/me': { statuses: same(200), request: () => r('GET', '/api/me') },
  'POST /api/auth/signup': {
    statuses: same(201),
    request: () => {
      const name = `new_${crypto.randomBytes(4).toString('hex')}`;
      return r('POST', '/api/auth/signup', {
        email: `${name}@example.test`,
        username: name,
        fullname: 'New Person',
        password: PASSWORD,
        repeatPassword: PASSWORD,
      });
    },
  },
  'POST /api/auth/login': {
    statuses: [401, 200, 200, 200, 200, 200],
    request: (w, a) => r('POST', '/api/auth/login', { email: person(w, a)?.email ?? 'nobody@example.test', password: PASSWORD }),
  },
  'POST /api/auth/logout': { statuses: same(204), request: () => r('POST', '/api/auth/logout') },
  'POST /api/auth/password-reset': {
    statuses: same(202),
    request: (w, a) => r('POST', '/api/auth/password-reset', { email: person(w, a)?.email ?? 'nobody@example.test' }),
  },
  'POST /api/auth/password-reset/confirm': {
    statuses: same(400),
    request: () => r('POST', '/api/auth/password-reset/confirm', { token: 'x'.repeat(43), password: 'violet tractor 43', repeatPassword: 'violet tractor 43' }),
  },
  'POST /api/me/password': {
    statuses: signedIn(204),
    request: () => r('POST', '/api/me/password', { currentPassword: PASSWORD, newPassword: 'violet tractor 43', repeatPassword: 'violet tractor 43' }),
  },
  // Settings › Change username: each signed-in actor renames only themselves
  'PUT /api/me/username': {
    statuses: signedIn(200),
    request: (_w, a) => r('PUT', '/api/me/username', { username: `renamed_${a.toLowerCase().replace(/[^a-z]/g, '')}` }),
  },
  // two-factor sign-in: only one's own; nobody in the world has it on, so the code steps find no code to take
  'POST /api/auth/login/two-factor': { statuses: same(401), request: () => r('POST', '/api/auth/login/two-factor', { token: 'a.1.b', code: '000000' }) },
  'GET /api/me/two-factor': { statuses: signedIn(200), request: () => r('GET', '/api/me/two-factor') },
  'POST /api/me/two-factor/setup': { statuses: signedIn(200), request: () => r('POST', '/api/me/two-factor/setup', { password: PASSWORD }) },
  'POST /api/me/two-factor/enable': { statuses: signedIn(409), request: () => r('POST', '/api/me/two-factor/enable', { code: '000000' }) },
  'POST /api/me/two-factor/confirm': { statuses: same(401), request: () => r('POST', '/api/me/two-factor/confirm', { code: '000000' }) },
  'POST /api/me/two-factor/recovery-codes': { statuses: signedIn(409), request: () => r('POST', '/api/me/two-factor/recovery-codes') },
  'DELETE /api/me/two-factor': { statuses: signedIn(204), request: () => r('DELETE', '/api/me/two-factor') },
  // passkeys: only one's own; a made-up credential is refused as not recognised, whoever sends it
  'GET /api/me/passkeys': { statuses: signedIn(200), request: () => r('GET', '/api/me/passkeys') },
  'POST /api/me/passkeys/options': { statuses: signedIn(200), request: () => r('POST', '/api/me/passkeys/options', { password: PASSWORD }) },
  'POST /api/me/passkeys': { statuses: same(401), request: () => r('POST', '/api/me/passkeys', { response: { id: 'made-up' } }) },
  'DELETE /api/me/passkeys/:id': { statuses: signedIn(404), request: () => r('DELETE', '/api/me/passkeys/made-up') },
  // nobody in this world has a passkey: 'confirm it is you' with one is refused alike
  'POST /api/me/passkeys/confirm/options': { statuses: same(401), request: () => r('POST', '/api/me/passkeys/confirm/options') },
  'POST /api/me/passkeys/confirm': { statuses: same(401), request: () => r('POST', '/api/me/passkeys/confirm', { response: { id: 'made-up' } }) },
  'POST /api/auth/passkey/options': { statuses: same(200), request: () => r('POST', '/api/auth/passkey/options', {}) },
  'POST /api/auth/passkey': { statuses: same(401), request: () => r('POST', '/api/auth/passkey', { response: { id: 'made-up' } }) },
  // Settings › Your sessions: another account's session is a 404, as one that does not exist
  'GET /api/me/sessions': { statuses: signedIn(200), request: () => r('GET', '/api/me/sessions') },
  'DELETE /api/me/sessions/:id': { statuses: [401, 404, 404, 404, 204, 404, 404], request: (w) => r('DELETE', `/api/me/sessions/${w.ownerOtherSessionId}`) },
  'POST /api/me/sessions/sign-out-others': { statuses: signedIn(200), request: () => r('POST', '/api/me/sessions/sign-out-others') },
  'GET /api/notifications/activity': { statuses: signedIn(200), request: () => r('GET', '/api/notifications/activity') },
  'GET /api/notifications/answers': { statuses: signedIn(200), request: () => r('GET', '/api/notifications/answers') },
  'POST /api/notifications/read': { statuses: signedIn(200), request: () => r('POST', '/api/notifications/read', { tab: 'activity' }) },
  'GET /api/me/counters': { statuses: signedIn(200), request: () => r('GET', '/api/me/counters') },
  // a stream: checked over a real connection below (inject would wait for its end)
  'GET /api/events': { statuses: signedIn(200), request: () => r('GET', '/api/events') },
  'POST /api/push/subscriptions': {
    statuses: signedIn(204),
    request: () => r('POST', '/api/push/subscriptions', { endpoint: `https://push.example.test/${crypto.randomUUID()}`, keys: makeSubscriptionKeys().keys }),
  },
  'DELETE /api/push/subscriptions': {
    statuses: signedIn(204),
    request: () => r('DELETE', '/api/push/subscriptions', { endpoint: 'https://push.example.test/none' }),
  },
  'POST /api/users/:username/follow': { statuses: [401, 200, 403, 403, 400, 200], request: (w) => r('POST', `/api/users/${w.people.owner.username}/follow`) },
  'DELETE /api/users/:username/follow': {
    statuses: [401, 200, 200, 200, 200, 200],
    request: (w) => r('DELETE', `/api/users/${w.people.owner.username}/follow`),
  },
  'GET /api/users/:username/followers': {
    statuses: [401, 200, 403, 403, 200, 200],
    request: (w) => r('GET', `/api/users/${w.people.owner.username}/followers`),
  },
  'GET /api/users/:username/following': {
    statuses: [401, 200, 403, 403, 200, 200],
    request: (w) => r('GET', `/api/users/${w.people.owner.username}/following`),
  },
  'POST /api/users/:username/block': { statuses: [401, 200, 200, 200, 400, 200], request: (w) => r('POST', `/api/users/${w.people.owner.username}/block`) },
  // unblocking yourself is a no-op, like unblocking someone never blocked
  'DELETE /api/users/:username/block': { statuses: [401, 200, 200, 200, 200, 200], request: (w) => r('DELETE', `/api/users/${w.people.owner.username}/block`) },
  'GET /api/me/blocks': { statuses: signedIn(200), request: () => r('GET', '/api/me/blocks') },
  // the one who blocked the owner gets the header only, for the 'User blocked' screen (its lists stay refused)
  'GET /api/users/:username': { statuses: [401, 200, 403, 200, 200, 200], request: (w) => r('GET', `/api/users/${w.people.owner.username}`) },
  // whose profile opens is no secret (sign-up tells whether a name is taken); signed-in readers only
  'GET /api/mentions': { statuses: signedIn(200), request: (w) => r('GET', `/api/mentions?usernames=${w.people.owner.username}`) },
  'PATCH /api/me/profile': { statuses: signedIn(200), request: () => r('PATCH', '/api/me/profile', { fullname: 'Renamed', bio: '', website: '' }) },
  // no file: past the sign-in check, the upload is refused for what it is
  'POST /api/me/avatar': { statuses: signedIn(400), request: () => r('POST', '/api/me/avatar') },
  'POST /api/me/cover': { statuses: signedIn(400), request: () => r('POST', '/api/me/cover') },
  'GET /api/users/search': { statuses: signedIn(200), request: () => r('GET', '/api/users/search?q=own') },
  'GET /api/users/recommended': { statuses: signedIn(200), request: () => r('GET', '/api/users/recommended') },
  'GET /media/*': { statuses: same(404), request: () => r('GET', '/media/profile/nothing.jpg') },
  // the own profile has its 'Ask me a question' box too (as in the product spec)
  'POST /api/users/:username/questions': {
    statuses: [401, 201, 403, 403, 201, 201],
    request: (w) => r('POST', `/api/users/${w.people.owner.username}/questions`, { text: 'Hello?', isAnonymous: true }),
  },
  // VISITOR_QUESTIONS=on here, but the owner has not let people without an account ask: the
  // refusal of an unknown user, signed in or not (features/visitors/visitors.test.ts: the open case)
  'POST /api/visitors/:username/questions': {
    statuses: same(404),
    request: (w) => r('POST', `/api/visitors/${w.people.owner.username}/questions`, { text: 'Hello?' }),
  },
  'GET /api/me/inbox': { statuses: signedIn(200), request: () => r('GET', '/api/me/inbox') },
  // one's own inbox only: everyone signed in deletes from theirs (the owner's question among them only for the owner)
  'DELETE /api/me/inbox': {
    statuses: signedIn(200),
    request: (w) => r('DELETE', `/api/me/inbox?filter=all&throughId=${w.unansweredId}&throughAt=${encodeURIComponent('2100-01-01T00:00:00Z')}`),
  },
  // a question one did not receive is not found: its sender holds a dropped question's id too (questions/service.ts)
  'POST /api/questions/:id/answer': {
    statuses: [401, 404, 404, 404, 204, 404],
    request: (w) => r('POST', `/api/questions/${w.unansweredId}/answer`, { answer: 'Yes.' }),
  },
  // the picture of an answer to come: only the question's receiver (the owner's without a file is a 400)
  'POST /api/questions/:id/picture': { statuses: [401, 404, 404, 404, 400, 404], request: (w) => r('POST', `/api/questions/${w.unansweredId}/picture`) },
  'DELETE /api/questions/:id/picture': { statuses: [401, 404, 404, 404, 204, 404], request: (w) => r('DELETE', `/api/questions/${w.unansweredId}/picture`) },
  'DELETE /api/questions/:id': { statuses: [401, 404, 404, 404, 204, 404], request: (w) => r('DELETE', `/api/questions/${w.answeredId}`) },
  'DELETE /api/answers/:id': { statuses: [401, 404, 404, 404, 204, 404], request: (w) => r('DELETE', `/api/answers/${w.answeredId}`) },
  'GET /api/users/:username/answers': { statuses: [401, 200, 403, 403, 200, 200], request: (w) => r('GET', `/api/users/${w.people.owner.username}/answers`) },
  'GET /api/users/:username/answers/pinned': {
    statuses: [401, 200, 403, 403, 200, 200],
    request: (w) => r('GET', `/api/users/${w.people.owner.username}/answers/pinned`),
  },
  // only the answer's owner pins it
  'PUT /api/answers/:id/pin': { statuses: [401, 403, 403, 403, 204, 403], request: (w) => r('PUT', `/api/answers/${w.answeredId}/pin`) },
  'DELETE /api/answers/:id/pin': { statuses: [401, 403, 403, 403, 204, 403], request: (w) => r('DELETE', `/api/answers/${w.answeredId}/pin`) },
  'POST /api/answers/:id/like': { statuses: [401, 200, 403, 403, 200, 200], request: (w) => r('POST', `/api/answers/${w.answeredId}/like`) },
  'DELETE /api/answers/:id/like': { statuses: [401, 200, 403, 403, 200, 200], request: (w) => r('DELETE', `/api/answers/${w.answeredId}/like`) },
  // the old path, an alias for one release
  'POST /api/questions/:id/like': { statuses: [401, 200, 403, 403, 200, 200], request: (w) => r('POST', `/api/questions/${w.answeredId}/like`) },
  'DELETE /api/questions/:id/like': { statuses: [401, 200, 403, 403, 200, 200], request: (w) => r('DELETE', `/api/questions/${w.answeredId}/like`) },
  'GET /api/answers/:id/replies': { statuses: [401, 200, 403, 403, 200, 200], request: (w) => r('GET', `/api/answers/${w.answeredId}/replies`) },
  'POST /api/answers/:id/replies': {
    statuses: [401, 201, 403, 403, 201, 201],
    request: (w) => r('POST', `/api/answers/${w.answeredId}/replies`, { text: 'A reply' }),
  },
  // the reply is the stranger's, under the owner's answer
  'DELETE /api/replies/:id': { statuses: [401, 204, 403, 403, 204, 403, 403], request: (w) => r('DELETE', `/api/replies/${w.replyId}`) },
  'POST /api/replies/:id/hide': { statuses: [401, 403, 403, 403, 204, 403], request: (w) => r('POST', `/api/replies/${w.replyId}/hide`) },
  'POST /api/replies/:id/show': { statuses: [401, 403, 403, 403, 204, 403], request: (w) => r('POST', `/api/replies/${w.replyId}/show`) },
  'GET /api/me/hidden-replies': { statuses: signedIn(200), request: () => r('GET', '/api/me/hidden-replies') },
  'GET /api/feed': { statuses: signedIn(200), request: () => r('GET', '/api/feed') },
  'GET /api/feed/new-count': { statuses: signedIn(200), request: () => r('GET', `/api/feed/new-count?since=${encodeURIComponent('2026-01-01T00:00:00Z')}`) },
  'POST /api/admin/global-question': {
    statuses: [401, 403, 403, 403, 403, 200, 403],
    request: () => r('POST', '/api/admin/global-question', { text: 'Hello everyone?' }),
  },
  'GET /api/me/settings': { statuses: signedIn(200), request: () => r('GET', '/api/me/settings') },
  'PATCH /api/me/settings': { statuses: signedIn(200), request: () => r('PATCH', '/api/me/settings', { publicProfile: false }) },
  'GET /api/me/export': { statuses: signedIn(200), request: () => r('GET', '/api/me/export') },
  // the account archive and its import: only one's own; no file is refused for what it is
  'GET /api/me/archive': { statuses: signedIn(200), request: () => r('GET', '/api/me/archive') },
  'POST /api/me/imports': { statuses: signedIn(400), request: () => r('POST', '/api/me/imports') },
  'GET /api/me/imports/latest': { statuses: signedIn(200), request: () => r('GET', '/api/me/imports/latest') },
  'DELETE /api/me': { statuses: signedIn(204), request: () => r('DELETE', '/api/me', { password: PASSWORD }) },
  'POST /api/email/unsubscribe': { statuses: same(400), request: () => r('POST', '/api/email/unsubscribe?token=forged') },
  // a click on a link: redirected to the page that says the link is not valid
  'GET /api/email/unsubscribe': { statuses: same(303), request: () => r('GET', '/api/email/unsubscribe?token=forged') },
  // share pages exist only for public profiles; the owner's is not public
  'GET /u/:username': { statuses: same(404), request: (w) => r('GET', `/u/${w.people.owner.username}`) },
  'GET /u/:username/answers/:id': { statuses: same(404), request: (w) => r('GET', `/u/${w.people.owner.username}/answers/${w.answeredId}`) },
  // an answer's card images: public only for public profiles; the owner may download their own
  'GET /u/:username/answers/:id/cards/:file': {
    statuses: same(404),
    request: (w) => r('GET', `/u/${w.people.owner.username}/answers/${w.answeredId}/cards/link-light.png`),
  },
  'GET /api/me/answers/:id/cards/:file': {
    statuses: [401, 404, 404, 404, 200, 404],
    request: (w) => r('GET', `/api/me/answers/${w.answeredId}/cards/link-light.png`),
  },
  'GET /u/:username/feed.atom': { statuses: same(404), request: (w) => r('GET', `/u/${w.people.owner.username}/feed.atom`) },
  'GET /api/users/:username/remote-followers': {
    statuses: [401, 200, 403, 403, 200, 200],
    request: (w) => r('GET', `/api/users/${w.people.owner.username}/remote-followers`),
  },
  'GET /api/me/remote-blocks': { statuses: signedIn(200), request: () => r('GET', '/api/me/remote-blocks') },
  'POST /api/me/remote-blocks': { statuses: signedIn(200), request: () => r('POST', '/api/me/remote-blocks', { kind: 'domain', target: 'evil.example' }) },
  'DELETE /api/me/remote-blocks': { statuses: signedIn(200), request: () => r('DELETE', '/api/me/remote-blocks?kind=domain&target=evil.example') },
  // moving on the fediverse: one's own, signed in (a body naming no account is refused first, for everyone alike)
  'GET /api/me/moving': { statuses: signedIn(200), request: () => r('GET', '/api/me/moving') },
  'POST /api/me/moving/aliases': { statuses: same(400), request: () => r('POST', '/api/me/moving/aliases', {}) },
  'DELETE /api/me/moving/aliases': {
    statuses: signedIn(200),
    request: () => r('DELETE', '/api/me/moving/aliases?uri=https%3A%2F%2Fpeer.example%2Fusers%2Fbob'),
  },
  'POST /api/me/moving/move': { statuses: same(400), request: () => r('POST', '/api/me/moving/move', {}) },
  // the web app's pages (not built in tests: a JSON 404 for everyone alike)
  'GET /*': { statuses: same(404), request: () => r('GET', '/home') },
  'GET /api/notifications/activity/groups': { statuses: signedIn(200), request: () => r('GET', '/api/notifications/activity/groups') },
  'GET /api/notifications/activity/groups/:groupId/people': {
    statuses: signedIn(200),
    request: (w) => r('GET', `/api/notifications/activity/groups/${encodeURIComponent(`like:${w.answeredId}:2026-01-01`)}/people`),
  },
  // only the receiver can block the asker of a question in their inbox (like answering it)
  'POST /api/questions/:id/block-asker': {
    statuses: [401, 404, 404, 404, 204, 404],
    request: (w) => r('POST', `/api/questions/${w.unansweredId}/block-asker`),
  },
  'GET /api/me/questions-asked': { statuses: signedIn(200), request: () => r('GET', '/api/me/questions-asked') },
  'GET /api/me/blocked-askers': { statuses: signedIn(200), request: () => r('GET', '/api/me/blocked-askers') },
  // unblocking an entry that is not yours, or gone, is a no-op like unblocking someone never blocked
  'DELETE /api/me/blocked-askers/:id': { statuses: signedIn(204), request: () => r('DELETE', `/api/me/blocked-askers/${crypto.randomUUID()}`) },
  'GET /api/me/muted-words': { statuses: signedIn(200), request: () => r('GET', '/api/me/muted-words') },
  'POST /api/me/muted-words': { statuses: signedIn(200), request: () => r('POST', '/api/me/muted-words', { word: 'spoiler' }) },
  'DELETE /api/me/muted-words/:word': { statuses: signedIn(200), request: () => r('DELETE', '/api/me/muted-words/spoiler') },
  // to all of one's followers (none here): the same for everyone signed in
  'POST /api/me/followers/questions': {
    statuses: signedIn(204),
    request: () => r('POST', '/api/me/followers/questions', { text: 'Hello, followers?', isAnonymous: true }),
  },
  'GET /api/me/filtered': { statuses: signedIn(200), request: () => r('GET', '/api/me/filtered') },
  // only the receiver finds a question of their Filtered folder; anyone else (its asker too) gets 'not found'
  'DELETE /api/me/filtered/:id': { statuses: [401, 404, 404, 404, 204, 404], request: (w) => r('DELETE', `/api/me/filtered/${w.filteredId}`) },
  'POST /api/me/filtered/:id/inbox': { statuses: [401, 404, 404, 404, 204, 404], request: (w) => r('POST', `/api/me/filtered/${w.filteredId}/inbox`) },
  // anyone signed in may report an answer, a block either way included (harassment is reported
  // by those it targets); nobody reports their own
  'POST /api/reports': {
    statuses: [401, 200, 200, 200, 400, 200],
    request: (w) => r('POST', '/api/reports', { kind: 'answer', target: w.answeredId, reason: 'spam' }),
  },
  // moderation: admins and moderators alike (requireModerator)
  'GET /api/admin/reports': { statuses: [401, 403, 403, 403, 403, 200, 200], request: () => r('GET', '/api/admin/reports') },
  'POST /api/admin/reports/:id/resolve': {
    statuses: [401, 403, 403, 403, 403, 404, 404],
    request: () => r('POST', `/api/admin/reports/${crypto.randomUUID()}/resolve`, { action: 'dismiss' }),
  },
  'POST /api/admin/reports/:id/block-sender': {
    statuses: [401, 403, 403, 403, 403, 404, 404],
    request: () => r('POST', `/api/admin/reports/${crypto.randomUUID()}/block-sender`),
  },
  'GET /api/admin/sender-blocks': { statuses: [401, 403, 403, 403, 403, 200, 200], request: () => r('GET', '/api/admin/sender-blocks') },
  'DELETE /api/admin/sender-blocks/:id': {
    statuses: [401, 403, 403, 403, 403, 204, 204],
    request: () => r('DELETE', `/api/admin/sender-blocks/${crypto.randomUUID()}`),
  },
  // the instance-wide blocks of remote servers: admins only (features/fediverseBlocks)
  'GET /api/admin/fediverse/blocks': { statuses: [401, 403, 403, 403, 403, 200, 403], request: () => r('GET', '/api/admin/fediverse/blocks') },
  'POST /api/admin/fediverse/blocks': {
    statuses: [401, 403, 403, 403, 403, 200, 403],
    request: () => r('POST', '/api/admin/fediverse/blocks', { domain: 'spam.example', reason: 'spam' }),
  },
  'DELETE /api/admin/fediverse/blocks/:domain': {
    statuses: [401, 403, 403, 403, 403, 200, 403],
    request: () => r('DELETE', '/api/admin/fediverse/blocks/spam.example'),
  },
  'GET /api/admin/suspended': { statuses: [401, 403, 403, 403, 403, 200, 200], request: () => r('GET', '/api/admin/suspended') },
  'POST /api/admin/users/:username/suspend': {
    statuses: [401, 403, 403, 403, 403, 200, 200],
    request: (w) => r('POST', `/api/admin/users/${w.people.stranger.username}/suspend`, { reason: 'Spam', until: null }),
  },
  'POST /api/admin/users/:username/restore': {
    statuses: [401, 403, 403, 403, 403, 200, 200],
    request: (w) => r('POST', `/api/admin/users/${w.people.stranger.username}/restore`),
  },
  // sign-ups: a challenge for anyone; the Instance settings and the approval queue for admins (requireSignupApprover, instanceAccess/routes.ts)
  'GET /api/challenge': { statuses: same(200), request: () => r('GET', '/api/challenge?purpose=signup') },
  'GET /api/admin/instance': { statuses: [401, 403, 403, 403, 403, 200, 403], request: () => r('GET', '/api/admin/instance') },
  'PUT /api/admin/instance': {
    statuses: [401, 403, 403, 403, 403, 200, 403],
    request: () => r('PUT', '/api/admin/instance', { registrations: 'open', emailDomainBlocks: [] }),
  },
  'GET /api/admin/signups': { statuses: [401, 403, 403, 403, 403, 200, 200], request: () => r('GET', '/api/admin/signups') },
  'POST /api/admin/signups/:id/approve': {
    statuses: [401, 403, 403, 403, 403, 409, 409],
    request: () => r('POST', `/api/admin/signups/${crypto.randomUUID()}/approve`),
  },
  'POST /api/admin/signups/:id/reject': {
    statuses: [401, 403, 403, 403, 403, 409, 409],
    request: () => r('POST', `/api/admin/signups/${crypto.randomUUID()}/reject`),
  },
  // one's own invite links only: someone else's code is not found, like one that never was
  'GET /api/me/invites': { statuses: signedIn(200), request: () => r('GET', '/api/me/invites') },
  'POST /api/me/invites': { statuses: signedIn(201), request: () => r('POST', '/api/me/invites', { maxUses: 1, expiresInDays: 1 }) },
  'DELETE /api/me/invites/:code': { statuses: signedIn(404), request: () => r('DELETE', '/api/me/invites/not-a-code') },
  'POST /api/auth/verify-email': { statuses: same(400), request: (w) => r('POST', '/api/auth/verify-email', { token: `${w.people.owner.id}.1.forged` }) },
  'POST /api/me/email-verification': { statuses: signedIn(202), request: () => r('POST', '/api/me/email-verification') },
  // only an address not confirmed yet can be corrected this way
  'PUT /api/me/email-verification/address': {
    statuses: signedIn(403),
    request: () => r('PUT', '/api/me/email-verification/address', { email: 'new-address@example.test' }),
  },
  // the instance's own pages are public; writing them and the announcements is for admins
  'GET /api/pages/:slug': { statuses: same(200), request: () => r('GET', '/api/pages/rules') },
  'GET /api/rules': { statuses: same(200), request: () => r('GET', '/api/rules') },
  'PUT /api/admin/pages/:slug': {
    statuses: [401, 403, 403, 403, 403, 200, 403],
    request: () => r('PUT', '/api/admin/pages/about', { markdown: '# About us' }),
  },
  'GET /api/announcement': { statuses: signedIn(200), request: () => r('GET', '/api/announcement') },
  'POST /api/announcement/:id/dismiss': { statuses: signedIn(204), request: () => r('POST', `/api/announcement/${crypto.randomUUID()}/dismiss`) },
  'GET /api/admin/announcement': { statuses: [401, 403, 403, 403, 403, 200, 403], request: () => r('GET', '/api/admin/announcement') },
  'PUT /api/admin/announcement': {
    statuses: [401, 403, 403, 403, 403, 200, 403],
    request: () => r('PUT', '/api/admin/announcement', { textEn: 'Hello', startsAt: '2026-01-01T00:00:00Z', endsAt: null }),
  },
  'DELETE /api/admin/announcement': { statuses: [401, 403, 403, 403, 403, 204, 403], request: () => r('DELETE', '/api/admin/announcement') },
  // ideas of questions: read by anyone signed in; the added ones and the question of the day are written by admins
  'GET /api/prompts': { statuses: signedIn(200), request: () => r('GET', '/api/prompts?lang=fr') },
  'GET /api/admin/prompts': { statuses: [401, 403, 403, 403, 403, 200, 403], request: () => r('GET', '/api/admin/prompts') },
  'POST /api/admin/prompts': {
    statuses: [401, 403, 403, 403, 403, 200, 403],
    request: () => r('POST', '/api/admin/prompts', { locale: 'en', text: 'What are you reading?', day: null }),
  },
  // a prompt no one added: the admin is let through and told it is not found
  'DELETE /api/admin/prompts/:id': { statuses: [401, 403, 403, 403, 403, 404, 403], request: () => r('DELETE', `/api/admin/prompts/${crypto.randomUUID()}`) },
  'POST /api/admin/users/:username/remove-questions': {
    statuses: [401, 403, 403, 403, 403, 200, 200],
    request: (w) => r('POST', `/api/admin/users/${w.people.stranger.username}/remove-questions`),
  },
  'GET /api/admin/appeals': { statuses: [401, 403, 403, 403, 403, 200, 200], request: () => r('GET', '/api/admin/appeals') },
  // signed in or not, an appeal is proven by email and password; nobody here is suspended
  'POST /api/auth/appeal': {
    statuses: [401, 409, 409, 409, 409, 409, 409],
    request: (w, a) => r('POST', '/api/auth/appeal', { email: person(w, a)?.email ?? 'nobody@example.test', password: PASSWORD, text: 'Please' }),
  },
  // admins only: the audit log, the team and roles
  'GET /api/admin/audit': { statuses: [401, 403, 403, 403, 403, 200, 403], request: () => r('GET', '/api/admin/audit') },
  'GET /api/admin/dashboard': { statuses: [401, 403, 403, 403, 403, 200, 403], request: () => r('GET', '/api/admin/dashboard') },
  // no such failed row: past the role check, refused for what it is
  'POST /api/admin/deliveries/:queue/:id/retry': {
    statuses: [401, 403, 403, 403, 403, 409, 403],
    request: () => r('POST', `/api/admin/deliveries/email/${crypto.randomUUID()}/retry`),
  },
  'DELETE /api/admin/deliveries/:queue/:id': {
    statuses: [401, 403, 403, 403, 403, 409, 403],
    request: () => r('DELETE', `/api/admin/deliveries/email/${crypto.randomUUID()}`),
  },
  'GET /api/admin/team': { statuses: [401, 403, 403, 403, 403, 200, 403], request: () => r('GET', '/api/admin/team') },
  'PUT /api/admin/users/:username/role': {
    statuses: [401, 403, 403, 403, 403, 200, 403],
    request: (w) => r('PUT', `/api/admin/users/${w.people.stranger.username}/role`, { role: 'moderator' }),
  },
};

/**
 * ActivityPub is answered by Fedify behind the bridge, outside Fastify's route table: every path
 * of federation/uris.ts (and WebFinger, NodeInfo) × every HTTP method, for a public profile,
 * unsigned and with hostile signature headers. Reading is GET and HEAD; an inbox takes a signed
 * POST only (401 first, whatever the method); anything else is 405.
 */
const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
type ApStatuses = Record<(typeof HTTP_METHODS)[number], number>;
const readOnly = (get: number): ApStatuses => ({ GET: get, HEAD: get, POST: 405, PUT: 405, PATCH: 405, DELETE: 405, OPTIONS: 405 });
const inbox: ApStatuses = { GET: 401, HEAD: 401, POST: 401, PUT: 401, PATCH: 401, DELETE: 401, OPTIONS: 401 };
const AP_MATRIX: Record<
  keyof typeof apPaths | 'webfinger' | 'nodeInfoJrd' | 'instanceActor' | 'instanceInbox',
  { url(world: World): string; statuses: ApStatuses }
> = {
  actor: { url: (w) => `/ap/actors/${w.people.owner.id}`, statuses: readOnly(200) },
  inbox: { url: (w) => `/ap/actors/${w.people.owner.id}/inbox`, statuses: inbox },
  sharedInbox: { url: () => '/ap/inbox', statuses: inbox },
  outbox: { url: (w) => `/ap/actors/${w.people.owner.id}/outbox`, statuses: readOnly(200) },
  followers: { url: (w) => `/ap/actors/${w.people.owner.id}/followers`, statuses: readOnly(200) },
  note: { url: (w) => `/ap/answers/${w.answeredId}`, statuses: readOnly(200) },
  nodeInfo: { url: () => '/nodeinfo/2.1', statuses: readOnly(200) },
  webfinger: { url: (w) => `/.well-known/webfinger?resource=acct:${w.people.owner.username}@${new URL(t.ctx.config.publicUrl).host}`, statuses: readOnly(200) },
  nodeInfoJrd: { url: () => '/.well-known/nodeinfo', statuses: readOnly(200) },
  // the instance actor (decision 355): readable by anyone, its inbox an inbox like the others
  instanceActor: { url: () => '/ap/actors/instance', statuses: readOnly(200) },
  instanceInbox: { url: () => '/ap/actors/instance/inbox', statuses: inbox },
};
/** Signature headers a hostile peer sends: none, garbage, a Date or keyId that does not parse, a keyId pointing inward. */
const HOSTILE_SIGNATURES: Record<string, string>[] = [
  {},
  { date: 'garbage', signature: 'keyId="not a url",algorithm="rsa-sha256",headers="(request-target) host date",signature="AAAA"' },
  { date: new Date().toUTCString(), signature: 'garbage' },
  { date: new Date().toUTCString(), signature: 'keyId="https://127.0.0.1/key",headers="(request-target) host date",signature="AAAA"', digest: 'SHA-256=x' },
  { date: new Date(0).toUTCString(), signature: `keyId="https://[::ffff:7f00:1]/key",headers="date",signature="${'A'.repeat(10_000)}"` },
];

let t: TestApp;
let origin: string;
beforeAll(async () => {
  // no DNS: a keyId's host is never looked up in the outside world from a test
  const noDns = async (host: string): Promise<string[]> => {
    throw new Error(`no DNS in this test (${host})`);
  };
  // visitors' questions on: the switch changes nothing until a receiver opts in
  t = await createTestApp({ push: { ...testConfig().push, allowPrivateAddresses: true }, visitorQuestions: true }, { outboundNetwork: { resolve: noDns } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** What a response to `actor` must never hold: anyone else's email, any password hash or session token. */
function leaks(body: string, world: World, actor: Role): string[] {
  const found: string[] = [];
  for (const [role, p] of Object.entries(world.people)) {
    if (role !== actor && body.includes(p.email)) found.push(`${role}'s email`);
    const token = p.cookie.split('=')[1]!;
    if (body.includes(token)) found.push(`${role}'s session token`);
    // 'Your sessions' names a session by a public id, never by the token's hash
    if (body.includes(crypto.createHash('sha256').update(token).digest('hex'))) found.push(`${role}'s session token hash`);
  }
  if (/scrypt\$|password_?hash/i.test(body)) found.push('a password hash');
  return found;
}

async function statusOfStream(url: string, cookie: string | undefined): Promise<number> {
  const controller = new AbortController();
  const response = await fetch(`${origin}${url}`, { headers: cookie ? { cookie } : {}, signal: controller.signal });
  controller.abort();
  return response.status;
}

describe('authorization matrix', () => {
  it('covers every ActivityPub route × every HTTP method, with hostile signature headers: none is a 5xx or answers otherwise', async () => {
    expect(Object.keys(AP_MATRIX).sort()).toEqual([...Object.keys(apPaths), 'webfinger', 'nodeInfoJrd', 'instanceActor', 'instanceInbox'].sort());
    const world = await makeWorld(t.ctx.db);
    await t.ctx.db.update(users).set({ publicProfile: true }).where(eq(users.id, world.people.owner.id));
    const failures: string[] = [];
    let cases = 0;
    for (const [name, entry] of Object.entries(AP_MATRIX)) {
      for (const method of HTTP_METHODS) {
        for (const headers of HOSTILE_SIGNATURES) {
          for (const cookie of [undefined, world.people.owner.cookie]) {
            const response = await t.app.inject({
              method,
              url: entry.url(world),
              headers: { accept: 'application/activity+json', 'content-type': 'application/activity+json', ...headers, ...(cookie ? { cookie } : {}) },
              payload: method === 'GET' || method === 'HEAD' ? undefined : '{"type":"Follow","actor":{"preferredUsername":"a\\u0000b"}}',
            });
            cases++;
            if (response.statusCode !== entry.statuses[method])
              failures.push(`${method} ${name} ${JSON.stringify(headers).slice(0, 60)}: ${response.statusCode}, expected ${entry.statuses[method]}`);
          }
        }
      }
    }
    console.log(`ActivityPub matrix: ${cases} cases`);
    expect(failures).toEqual([]);
  });

  it("orders roles: no team action on an account at or above the actor's own role, admin against admin included", async () => {
    type Target = 'user' | 'moderator' | 'admin';
    const actions: Record<string, (username: string) => { method: string; url: string; payload?: unknown }> = {
      suspend: (u) => r('POST', `/api/admin/users/${u}/suspend`, { reason: 'Spam', until: null }),
      restore: (u) => r('POST', `/api/admin/users/${u}/restore`),
      'remove questions': (u) => r('POST', `/api/admin/users/${u}/remove-questions`),
      role: (u) => r('PUT', `/api/admin/users/${u}/role`, { role: 'user' }),
    };
    // actor → target → status; the role route is the admins' alone
    const expected: Record<'moderator' | 'admin', Record<Target, number>> = {
      moderator: { user: 200, moderator: 403, admin: 403 },
      admin: { user: 200, moderator: 200, admin: 403 },
    };
    const failures: string[] = [];
    for (const actor of ['moderator', 'admin'] as const) {
      for (const target of ['user', 'moderator', 'admin'] as const) {
        for (const [name, request] of Object.entries(actions)) {
          const world = await makeWorld(t.ctx.db);
          // the targets: the stranger as a user, the owner as another admin, the one the owner blocked as another moderator
          await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, world.people.owner.id));
          await t.ctx.db.update(users).set({ role: 'moderator' }).where(eq(users.id, world.people.blockedByOwner.id));
          const username = { user: world.people.stranger, moderator: world.people.blockedByOwner, admin: world.people.owner }[target].username;
          const { method, url, payload } = request(username);
          const response = await t.app.inject({ method: method as 'POST', url, payload: payload as never, headers: { cookie: world.people[actor].cookie } });
          const want = name === 'role' && actor === 'moderator' ? 403 : expected[actor][target];
          if (response.statusCode !== want)
            failures.push(`${name} by ${actor} on ${target}: ${response.statusCode}, expected ${want} ${response.body.slice(0, 120)}`);
          if (want === 403 && name !== 'role' && response.json().error.code !== 'role_outranks')
            failures.push(`${name} by ${actor} on ${target}: ${response.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('has an entry for every route the server registers, and no stale one', () => {
    const routes = t.app.routeTable.map((route) => `${route.method} ${route.url}`);
    expect(routes.filter((route) => !MATRIX[route])).toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !routes.includes(key))).toEqual([]);
  });

  it('answers every route × person as expected, without leaking private fields', async () => {
    const failures: string[] = [];
    let cases = 0;
    for (const route of t.app.routeTable) {
      const key = `${route.method} ${route.url}`;
      const entry = MATRIX[key];
      if (!entry) continue;
      // reads change nothing: one world for the six people; a write gets a fresh world per person
      let world = await makeWorld(t.ctx.db);
      for (const [index, actor] of ROLES.entries()) {
        if (route.method !== 'GET' && index > 0) world = await makeWorld(t.ctx.db);
        const cookie = person(world, actor)?.cookie;
        const { method, url, payload } = entry.request(world, actor);
        let status: number;
        let body = '';
        if (key === 'GET /api/events') {
          status = await statusOfStream(url, cookie);
        } else {
          const response = await t.app.inject({ method: method as 'GET', url, payload: payload as never, headers: cookie ? { cookie } : {} });
          status = response.statusCode;
          body = response.body;
        }
        cases++;
        const expected = entry.statuses[index] ?? entry.statuses[1];
        if (status !== expected) failures.push(`${key} as ${actor}: ${status}, expected ${expected} ${body.slice(0, 160)}`);
        const leaked = leaks(body, world, actor);
        if (leaked.length > 0) failures.push(`${key} as ${actor} leaked ${leaked.join(', ')}`);
      }
    }
    console.log(`authorization matrix: ${cases} cases (${t.app.routeTable.length} routes × ${ROLES.length} people)`);
    expect(failures).toEqual([]);
    expect(cases).toBe(t.app.routeTable.length * ROLES.length);
  });
});
