import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The repository's own lint config, run on imports written from places in the server: proves that
// features and channels (push, email, federation, live) stay apart (docs/decisions/archive/245-domain-events.md), and stay
// so when other config blocks are added. The cycle check is left out: it reads the whole graph.
const eslint = new ESLint({
  cwd: new URL('../../..', import.meta.url).pathname,
  overrideConfig: { rules: { 'import-x/no-cycle': 'off' } },
});

async function refused(file: string, source: string): Promise<boolean> {
  const [result] = await eslint.lintText(`import '${source}';\n`, { filePath: `packages/server/src/${file}` });
  return result!.messages.some((m) => m.ruleId === 'import-x/no-restricted-paths');
}

describe('server import boundaries: features and channels', () => {
  it('a feature emits domain events and imports no channel', async () => {
    expect(await refused('features/likes/service.ts', '../../events/emit.js')).toBe(false);
    expect(await refused('features/likes/service.ts', '../../push/toggles.js')).toBe(true);
    expect(await refused('features/questions/service.ts', '../../email/queue.js')).toBe(true);
    expect(await refused('features/profiles/service.ts', '../../federation/outbox/deliveryRows.js')).toBe(true);
    expect(await refused('features/notifications/service.ts', '../../realtime/bus.js')).toBe(true);
    // the ActivityPub addresses are a naming scheme, not a channel's behaviour
    expect(await refused('features/sharing/routes.ts', '../../federation/uris.js')).toBe(false);
  });

  it("a channel reads through visibility, the user lookup and views, never a feature's service", async () => {
    expect(await refused('federation/outbox/deliver.ts', '../../features/visibility/index.js')).toBe(false);
    expect(await refused('federation/vocab.ts', '../features/sharing/views.js')).toBe(false);
    expect(await refused('federation/routes.ts', '../features/users/lookup.js')).toBe(false);
    expect(await refused('federation/outbox/deliver.ts', '../../features/questions/service.js')).toBe(true);
    expect(await refused('push/handlers.ts', '../features/follows/service.js')).toBe(true);
    expect(await refused('realtime/handlers.ts', '../features/likes/service.js')).toBe(true);
    expect(await refused('email/compose.ts', '../features/auth/service.js')).toBe(true);
  });

  it('only the one way of asking writes questions (decision 352)', async () => {
    const writes = async (file: string, source: string) => {
      const [result] = await eslint.lintText(source, { filePath: `packages/server/src/${file}` });
      return result!.messages.some((m) => m.ruleId === 'no-restricted-syntax');
    };
    const builder =
      "import { questions } from '../../db/schema/index.js';\nexport const ask = (tx: { insert(t: unknown): unknown }) => tx.insert(questions);\n";
    const raw = "import { sql } from 'drizzle-orm';\nexport const ask = sql`insert into questions (id) values ('x')`;\n";
    expect(await writes('features/asking/pipeline.ts', builder)).toBe(false);
    expect(await writes('features/questions/service.ts', builder)).toBe(true);
    expect(await writes('features/admin/service.ts', raw)).toBe(true);
    expect(await writes('features/filtered/service.ts', builder)).toBe(true);
    // reading questions, or writing another table, is anyone's
    expect(
      await writes(
        'features/admin/service.ts',
        "import { sql } from 'drizzle-orm';\nexport const n = sql`insert into sent_questions (id) select id from questions`;\n",
      ),
    ).toBe(false);
    expect(await writes('features/questions/questions.test.ts', builder)).toBe(false);
  });

  it('tests may drive both sides', async () => {
    expect(await refused('features/notifications/floods.test.ts', '../../push/worker.js')).toBe(false);
  });
});
