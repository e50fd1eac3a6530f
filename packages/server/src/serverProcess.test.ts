import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileServer } from '../../../scripts/build-server.mjs';
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

describe('the compiled server (packages/server/dist)', () => {
  /** The packages a server may never need (decision 195): each must be loaded with import() only. */
  const onFirstUse = ['@fedify/fedify', '@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner', 'sharp', 'nodemailer', 'web-push'];

  it('loads Fedify, the S3 client, sharp, nodemailer and web-push on first use, not at start', async () => {
    const files = new Map((await compileServer('/askbox-dist')).map((file) => [path.basename(file.path), file.text]));
    const staticImports = (text: string) => [...text.matchAll(/^import\s(?:[^;]*?\sfrom\s)?"([^"]+)";/gms)].map((match) => match[1]!);
    // what main.js loads at start: its static imports, and theirs in turn (shared chunks)
    const atStart = new Set<string>();
    const pending = ['main.js'];
    while (pending.length > 0) {
      for (const imported of staticImports(files.get(pending.pop()!)!)) {
        if (atStart.has(imported)) continue;
        atStart.add(imported);
        if (imported.startsWith('./')) pending.push(imported.slice(2));
      }
    }
    expect(atStart).toContain('fastify'); // the walk does see what is loaded at start
    for (const name of onFirstUse) expect(atStart, name).not.toContain(name);
    const dynamicImports = [...files.values()].flatMap((text) => [...text.matchAll(/import\("([^"]+)"\)/g)].map((match) => match[1]!));
    for (const name of onFirstUse.filter((name) => name !== '@fedify/fedify')) expect(dynamicImports, name).toContain(name);
    // Fedify comes with the federation engine's chunk
    const engine = dynamicImports.find((name) => /^\.\/engine-\w+\.js$/.test(name));
    expect(engine).toBeDefined();
    expect(staticImports(files.get(engine!.slice(2))!)).toContain('@fedify/fedify');
  });
});
