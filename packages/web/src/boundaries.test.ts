import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The repository's own lint config, run on imports written from places in the web app: proves the
// boundaries of docs/decisions/archive/061-web-boundaries.md are enforced, and stay so when other config blocks are added.
// The cycle check is left out here: it would read the web app's whole import graph for each line.
const eslint = new ESLint({
  cwd: new URL('../../..', import.meta.url).pathname,
  overrideConfig: { rules: { 'import-x/no-cycle': 'off' } },
});

async function refused(file: string, source: string): Promise<boolean> {
  const [result] = await eslint.lintText(`import '${source}';\n`, { filePath: `packages/web/src/${file}` });
  return result!.messages.some((m) => m.ruleId === '@typescript-eslint/no-restricted-imports');
}

describe('web import boundaries', () => {
  it('a feature uses another feature through its api.ts and components only', async () => {
    expect(await refused('features/likes/x.ts', '../answers/api')).toBe(false);
    expect(await refused('features/likes/x.ts', '../answers/AnswerCard')).toBe(false);
    expect(await refused('features/likes/x.ts', './helper')).toBe(false);
    expect(await refused('features/likes/x.ts', '../answers/postCaches')).toBe(true);
    expect(await refused('features/likes/x.ts', '../answers/AnswerCard.module.css')).toBe(true);
    expect(await refused('features/likes/x.ts', '../../screens/Home/HomeScreen')).toBe(true);
  });

  it('screens and the app compose features through the same public entries', async () => {
    expect(await refused('screens/Home/HomeScreen.tsx', '../../features/feed/api')).toBe(false);
    expect(await refused('screens/Home/HomeScreen.tsx', '../../features/feed/NewAnswersPill')).toBe(false);
    expect(await refused('screens/Home/HomeScreen.tsx', '../../features/answers/useLoadMore')).toBe(true);
    expect(await refused('screens/Notifications/NotificationsScreen.tsx', '../../features/notifications/Notifications.module.css')).toBe(true);
    expect(await refused('main.tsx', './features/pwa/installEvent')).toBe(true);
  });

  it('shared code depends on no feature', async () => {
    expect(await refused('components/Modal.tsx', '../api/client')).toBe(false);
    expect(await refused('components/Modal.tsx', '../features/session/api')).toBe(true);
    expect(await refused('api/toggleQueue.ts', '../screens/Home/HomeScreen')).toBe(true);
  });
});
