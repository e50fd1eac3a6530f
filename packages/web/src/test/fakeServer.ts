import { expect, vi } from 'vitest';

/**
 * Stubs `fetch` with a server whose answers the test releases one at a time, so a test can tap
 * while a request is on its way. `respond` gives each request's status and JSON body.
 */
export function fakeServer(respond: (method: string, url: string) => { status?: number; body: unknown }) {
  const calls: string[] = [];
  const waiting: (() => void)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push(`${method} ${url}`);
      return new Promise<Response>((resolve) => {
        waiting.push(() => {
          const { status = 200, body } = respond(method, url);
          resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
        });
      });
    }),
  );
  /** Answers the oldest waiting request, then lets the app handle the answer. */
  const answerNext = async () => {
    await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    waiting.shift()!();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { calls, answerNext, waiting: () => waiting.length };
}
