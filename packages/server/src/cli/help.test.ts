import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliMain } from '../cli.js';
import { databaseCommands } from './commands.js';
import { commandHelp, helpText, stopMarks, type ServerStop } from './help.js';

const dirs: string[] = [];
const tmpDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-help-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** The help as a reader sees it: each command's name (where its entry starts) and the STOP mark of each of its uses. */
function printedMarks(text: string): [string, string[]][] {
  const rows = text.split('\n');
  const header = rows.findIndex((row) => row.startsWith('  COMMAND'));
  const markColumn = rows[header]!.indexOf('STOP');
  const marks = new Set(Object.values(stopMarks));
  const entries: [string, string[]][] = [];
  for (const row of rows.slice(header + 1)) {
    const name = /^ {2}([a-z-]+)/.exec(row)?.[1];
    if (name) entries.push([name, []]);
    const mark = row.slice(markColumn, markColumn + 10).trim();
    if (marks.has(mark) && row.slice(markColumn - 2, markColumn) === '  ') entries.at(-1)![1].push(mark);
  }
  return entries;
}

const run = async (argv: string[], env: Record<string, string>) => {
  const errors: string[] = [];
  const code = await cliMain(argv, env, { out: () => undefined, err: (line) => errors.push(line) });
  return { code, errors };
};

describe('npm run cli -- help: which commands need the server stopped (decision 378)', () => {
  it('lists each command the CLI runs once, with one STOP mark per use, as the list in code says', () => {
    const printed = printedMarks(helpText);
    expect(printed.map(([name]) => name).sort()).toEqual(['backup', 'help', ...databaseCommands].sort());
    expect(new Set(printed.map(([name]) => name)).size).toBe(printed.length);
    expect(printed).toEqual(commandHelp.map(({ command, uses }) => [command, uses.map((use) => stopMarks[use.stop])]));
  });

  it('the list in code is what the CLI does: only help and backup never need it, restoring an archive always does', () => {
    const stops = new Map(commandHelp.flatMap(({ command, uses }) => uses.map((use): [string, ServerStop] => [`${command} ${use.args}`.trim(), use.stop])));
    expect(stops.get('help')).toBe('never');
    expect(stops.get('backup <file.tar.gz>')).toBe('never'); // the running server writes the snapshot (backup.test.ts)
    expect(stops.get('restore <file.tar.gz>')).toBe('always');
    const others = [...stops].filter(([use]) => !['help', 'backup <file.tar.gz>', 'restore <file.tar.gz>'].includes(use));
    expect(others.map(([, stop]) => stop)).toEqual(others.map(() => 'embedded'));
  });

  it("every use marked 'embedded' or 'always' refuses while a server holds the embedded database, and says to stop it", async () => {
    const dataDir = tmpDir();
    // another live process (the test runner) holds the lock, as a running server would
    fs.writeFileSync(path.join(dataDir, 'askbox.lock'), String(process.ppid));
    const archive = path.join(tmpDir(), 'backup.tar.gz');
    fs.writeFileSync(archive, '');
    for (const { command, uses } of commandHelp) {
      for (const use of uses.filter((candidate) => candidate.stop !== 'never')) {
        const argv = [command, ...(use.args === '<file.tar.gz>' ? [archive] : use.args ? ['someone'] : [])];
        const { code, errors } = await run(argv, { DATA_DIR: dataDir });
        expect({ argv, code, said: errors[0] }).toEqual({ argv, code: 1, said: expect.stringContaining('Stop that process first') });
      }
    }
    // no database was opened nor restored: the folder holds no PGlite cluster
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(false);
  });
});
