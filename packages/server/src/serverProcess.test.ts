import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { serverProcessSettings } from '../../../scripts/run-server.mjs';

/** What a node process started with `settings` reports of its own heap limit and environment. */
function observe(settings: { nodeArgs: string[]; env: NodeJS.ProcessEnv }): { heapLimitMb: number; mmapThreshold: string | null } {
  const script =
    "const v8 = require('node:v8'); console.log(JSON.stringify({ heapLimitMb: v8.getHeapStatistics().heap_size_limit / 1048576, mmapThreshold: process.env.MALLOC_MMAP_THRESHOLD_ ?? null }))";
  return JSON.parse(execFileSync(process.execPath, [...settings.nodeArgs, '-e', script], { env: settings.env, encoding: 'utf8' })) as ReturnType<
    typeof observe
  >;
}

describe('the server process (as npm start runs it)', () => {
  it('runs with a bounded heap and a fixed malloc threshold', () => {
    const seen = observe(serverProcessSettings({ PATH: process.env.PATH }));
    // the old generation's 1024 MB and the young generation's 3 × 8 MB
    expect(seen.heapLimitMb).toBeGreaterThanOrEqual(1024);
    expect(seen.heapLimitMb).toBeLessThan(1100);
    expect(seen.mmapThreshold).toBe('32768');
  });

  it("leaves an operator's own settings in force", () => {
    const settings = serverProcessSettings({ PATH: process.env.PATH, NODE_OPTIONS: '--max_old_space_size=2048', MALLOC_MMAP_THRESHOLD_: '262144' });
    expect(settings.nodeArgs).not.toContain('--max-old-space-size=1024');
    const seen = observe(settings);
    expect(seen.heapLimitMb).toBeGreaterThanOrEqual(2048);
    expect(seen.mmapThreshold).toBe('262144');
  });
});
