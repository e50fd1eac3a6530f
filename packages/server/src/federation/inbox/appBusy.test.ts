import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFederatedApp, type FederatedApp } from '../../test/federatedApp.js';
import { signUpUser } from '../../test/harness.js';
import { testCertificate } from '../../test/tls.js';

/**
 * What counts as the app being busy, for the inboxes and their worker (appBusy.ts): a request of
 * the app's own under way does; an open live-event stream does not, or federation would take
 * turns with the app whenever anyone is signed in.
 */
let fed: FederatedApp;
beforeAll(async () => {
  fed = await startFederatedApp();
});
afterAll(async () => {
  await fed?.close();
});

const busy = () => fed.t.ctx.federation!.appBusy();

describe("the app's own work, as federation sees it", () => {
  it('an open live-event stream is not work; a request under way is, until it is answered', async () => {
    const user = await signUpUser(fed.t.app);
    expect(busy()).toBe(false);

    const stream = await fetch(`${fed.server.origin}/api/events`, { headers: { cookie: user.cookie, accept: 'text/event-stream' } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await reader.read(); // the stream is open: its first bytes arrived
    expect(busy()).toBe(false);

    // a request whose body is still on its way is under way
    const body = JSON.stringify({ publicProfile: true });
    const answered = new Promise<number>((resolve, reject) => {
      const request = https.request(
        `${fed.server.origin}/api/me/settings`,
        {
          method: 'PATCH',
          ca: testCertificate,
          headers: { cookie: user.cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 5));
      void waitFor(busy).then(() => request.end(body.slice(5)));
    });
    expect(await answered).toBe(200);
    await waitFor(() => !busy());

    await reader.cancel();
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}
