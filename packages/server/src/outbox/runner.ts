import type { FastifyBaseLogger } from 'fastify';

/**
 * A background pass run every `pollMs` (an outbox worker, the like-count fold), owned by the server
 * that creates it: nothing runs before `start()` (the server calls it once every plugin is loaded,
 * so a pass's database work never starves the start), and `stop()` waits for the pass under way.
 */
export interface Runner {
  start(): void;
  /**
   * Runs a pass now (also used by tests); concurrent calls share the running one, which then
   * runs once more, so what was written before the call is handled when it resolves.
   */
  kick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `runPass` handles one batch and says how many rows it took; a full batch (`batch` or more) means
 * there may be more, so the pass goes on. A failing pass (the database away for a moment) is logged
 * and the next poll tries again.
 */
export function createRunner(options: { name: string; pollMs: number; log: FastifyBaseLogger; runPass(): Promise<number>; batch: number }): Runner {
  let running: Promise<void> | null = null;
  // a kick during a pass: rows written after the pass claimed its own are claimed by another pass
  let kickedAgain = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const kick = () => {
    if (stopped) return Promise.resolve();
    if (running) {
      kickedAgain = true;
      return running;
    }
    running = (async () => {
      try {
        for (;;) {
          kickedAgain = false;
          const taken = await options.runPass();
          if (stopped || (taken < options.batch && !kickedAgain)) break;
        }
      } catch (error) {
        options.log.error({ err: error }, `${options.name} pass failed; trying again at the next poll`);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  return {
    kick,
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void kick(), options.pollMs);
      timer.unref();
      void kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
