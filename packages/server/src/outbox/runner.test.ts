import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { createRunner } from './runner.js';

describe('a background runner', () => {
  it('a kick during a pass runs one more pass, so rows written meanwhile are not left for the next poll', async () => {
    const table: string[] = [];
    const handled: string[] = [];
    let release: () => void = () => undefined;
    let firstPass = true;
    const runner = createRunner({
      name: 'test',
      pollMs: 3_600_000,
      log: pino({ level: 'silent' }),
      batch: 20,
      async runPass() {
        const claimed = table.splice(0);
        if (firstPass) {
          firstPass = false;
          await new Promise<void>((resolve) => (release = resolve));
        }
        handled.push(...claimed);
        return claimed.length;
      },
    });
    table.push('first');
    const first = runner.kick();
    // written and kicked while the pass that claimed 'first' is still under way
    table.push('second');
    const second = runner.kick();
    release();
    await Promise.all([first, second]);
    expect(handled).toEqual(['first', 'second']);
    await runner.stop();
  });
});
