import { Worker } from 'node:worker_threads';
import type { DrawReply, DrawRequest } from './cardWorker.js';
import type { CardContent, CardFormat, CardTheme } from './types.js';

/** A drawn card, and the thread that drew it (never the server's main thread). */
export interface DrawnCard {
  png: Buffer;
  threadId: number;
}

export interface RenderPoolOptions {
  /** threads drawing at once; a burst of different cards waits its turn */
  threads: number;
  /** a card not drawn by then is given up and its thread ended (hostile text) */
  deadlineMs: number;
  /** a thread idle this long ends, giving its memory back */
  idleMs: number;
}

export const CARD_RENDER_DEFAULTS: RenderPoolOptions = { threads: 2, deadlineMs: 15_000, idleMs: 30_000 };

// compiled, the thread's code is dist/cardWorker.js beside every chunk; from the sources (tests, the
// CLI) it is TypeScript, read through tsx's loader registered in the thread first (a worker takes no --import)
const fromSources = import.meta.url.endsWith('.ts');
const startThread = (): Worker => {
  const options = { resourceLimits: { maxOldGenerationSizeMb: 256 } }; // a hostile card cannot take the server's memory with it
  if (!fromSources) return new Worker(new URL('./cardWorker.js', import.meta.url), options);
  const source = JSON.stringify(new URL('./cardWorker.ts', import.meta.url).href);
  return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${source}); });`, { ...options, eval: true });
};

interface Thread {
  worker: Worker;
  busy: boolean;
  idleTimer: NodeJS.Timeout | null;
}

/**
 * Threads that draw cards: at most `threads` at once, each given up after `deadlineMs` and
 * ended after `idleMs` unused. The server's event loop only sends the card's text and receives
 * the PNG.
 */
export function createRenderPool(options: RenderPoolOptions = CARD_RENDER_DEFAULTS) {
  const threads = new Set<Thread>();
  const waiting: Array<(thread: Thread) => void> = [];
  let nextId = 0;

  const start = (): Thread => {
    const worker = startThread();
    worker.unref();
    const thread: Thread = { worker, busy: false, idleTimer: null };
    worker.once('exit', () => threads.delete(thread));
    threads.add(thread);
    return thread;
  };
  const acquire = (): Promise<Thread> => {
    for (const thread of threads)
      if (!thread.busy) {
        if (thread.idleTimer) clearTimeout(thread.idleTimer);
        thread.busy = true;
        return Promise.resolve(thread);
      }
    if (threads.size < options.threads) {
      const thread = start();
      thread.busy = true;
      return Promise.resolve(thread);
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = (thread: Thread) => {
    const next = waiting.shift();
    if (!threads.has(thread)) {
      // it was ended: the next in line gets a new one
      if (next) void acquire().then(next);
      return;
    }
    if (next) return next(thread);
    thread.busy = false;
    thread.idleTimer = setTimeout(() => void thread.worker.terminate(), options.idleMs);
    thread.idleTimer.unref();
  };

  const drawOn = (thread: Thread, request: DrawRequest) =>
    new Promise<DrawnCard>((resolve, reject) => {
      const done = (settle: () => void) => {
        clearTimeout(deadline);
        thread.worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        settle();
      };
      const onMessage = (reply: DrawReply) => {
        if (reply.id !== request.id) return;
        done(() =>
          'error' in reply ? reject(new Error(`card not drawn: ${reply.error}`)) : resolve({ png: Buffer.from(reply.png), threadId: reply.threadId }),
        );
      };
      const onError = (error: Error) => done(() => reject(error));
      const onExit = () => done(() => reject(new Error('card not drawn: its thread ended')));
      const deadline = setTimeout(() => {
        threads.delete(thread);
        void thread.worker.terminate();
        done(() => reject(new Error(`card not drawn within ${options.deadlineMs} ms`)));
      }, options.deadlineMs);
      thread.worker.on('message', onMessage).once('error', onError).once('exit', onExit);
      thread.worker.postMessage(request);
    });

  return {
    async draw(content: CardContent, format: CardFormat, theme: CardTheme): Promise<DrawnCard> {
      const thread = await acquire();
      try {
        return await drawOn(thread, { id: nextId++, content, format, theme });
      } finally {
        release(thread);
      }
    },
    /** threads alive now (drawing or idle) */
    size: () => threads.size,
    async close(): Promise<void> {
      await Promise.all([...threads].map((thread) => thread.worker.terminate()));
    },
  };
}

export type RenderPool = ReturnType<typeof createRenderPool>;
