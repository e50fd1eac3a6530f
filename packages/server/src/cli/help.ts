import { en } from '@askbox/common';

/**
 * Whether the server must be stopped before a command (decision 378):
 * - 'never': it works with the server running or stopped;
 * - 'embedded': it opens the database itself, and the embedded one (PGlite, DATA_DIR) takes one process
 *   at a time, so the server must be stopped; on PostgreSQL it runs beside running servers;
 * - 'always': whatever the database (restoring an archive fills an empty DATA_DIR and picture folder,
 *   and the database a running server has migrated is no longer empty).
 */
export type ServerStop = 'never' | 'embedded' | 'always';

/** One way to call a command: its arguments, whether the server must be stopped, and what it does. */
interface Use {
  args: string;
  stop: ServerStop;
  text: string;
}

/** Every command once, in the order the help lists them; the help's marks come from `stop`. */
export const commandHelp: { command: string; uses: Use[] }[] = [
  { command: 'help', uses: [{ args: '', stop: 'never', text: 'Show this help.' }] },
  { command: 'grant-admin', uses: [{ args: '<username>', stop: 'embedded', text: 'Give <username> the admin role (Admin Features in Settings).' }] },
  { command: 'revoke-admin', uses: [{ args: '<username>', stop: 'embedded', text: 'Take the admin role away from <username>.' }] },
  {
    command: 'grant-moderator',
    uses: [{ args: '<username>', stop: 'embedded', text: 'Make <username> a moderator (reports, suspensions, appeals; not roles or settings).' }],
  },
  { command: 'revoke-moderator', uses: [{ args: '<username>', stop: 'embedded', text: 'Make a moderator (or an admin) a plain user again.' }] },
  { command: 'set-badge', uses: [{ args: '<username> "<badge>"', stop: 'embedded', text: `Show a badge on <username>'s profile, e.g. "${en.popularUser}".` }] },
  { command: 'clear-badge', uses: [{ args: '<username>', stop: 'embedded', text: "Remove <username>'s badge." }] },
  {
    command: 'create-user',
    uses: [
      {
        args: '--email <email> --username <username> --fullname <name> --password <password>',
        stop: 'embedded',
        text: 'Create an account (same rules as signing up).',
      },
    ],
  },
  { command: 'demo', uses: [{ args: '', stop: 'embedded', text: 'Fill an EMPTY database with a small demo community.' }] },
  {
    command: 'recount',
    uses: [
      {
        args: '',
        stop: 'embedded',
        text: 'Recount every profile counter and like count from the tables (they are kept exact as things happen; this is for data loaded by hand).',
      },
    ],
  },
  {
    command: 'reports',
    uses: [{ args: '', stop: 'embedded', text: 'List the open reports, oldest first (never the sender of an anonymous question).' }],
  },
  {
    command: 'suspend',
    uses: [{ args: '<username>', stop: 'embedded', text: 'Suspend an account: no sign-in, sessions end, answers hidden until restored.' }],
  },
  {
    command: 'restore',
    uses: [
      { args: '<username>', stop: 'embedded', text: 'Lift the suspension of <username>.' },
      {
        args: '<file.tar.gz>',
        stop: 'always',
        text: 'Restore a backup archive (a name with a dot or a slash is a file) into an empty DATA_DIR and picture folder (see docs/operations.md).',
      },
    ],
  },
  {
    command: 'reset-two-factor',
    uses: [
      {
        args: '<username>',
        stop: 'embedded',
        text: 'Turn two-factor sign-in off for <username>, who lost their app and their recovery codes, and remove their passkeys: they sign in with their password alone again (audited; the secret is never shown).',
      },
    ],
  },
  {
    command: 'fediverse-block',
    uses: [
      {
        args: '<server> [reason]',
        stop: 'embedded',
        text: 'Block a remote server (and its subdomains) for the whole instance: nothing it sends is handled, nothing is delivered to it.',
      },
    ],
  },
  { command: 'fediverse-unblock', uses: [{ args: '<server>', stop: 'embedded', text: 'Lift that block.' }] },
  { command: 'fediverse-blocks', uses: [{ args: '', stop: 'embedded', text: 'List the blocked servers.' }] },
  {
    command: 'backup',
    uses: [
      {
        args: '<file.tar.gz>',
        stop: 'never',
        text: 'Back up the embedded database and uploaded pictures into one archive (the running server writes the snapshot; stopped, the command does). On PostgreSQL: the pictures, and how to use pg_dump.',
      },
    ],
  },
];

/** The help's STOP column. */
export const stopMarks: Record<ServerStop, string> = { never: '-', embedded: 'embedded', always: 'always' };

const USAGE_WIDTH = 36;
const MARK_WIDTH = 10;
const TEXT_WIDTH = 64;
const indent = (width: number) => ' '.repeat(width);

/** Lines of at most `width` characters, broken between words. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** One command's lines: its name once; a second use aligns its arguments under the first one's. */
function commandLines({ command, uses }: { command: string; uses: Use[] }): string[] {
  return uses.flatMap((use, index) => {
    const usage = index === 0 ? `${command} ${use.args}`.trimEnd() : `${indent(command.length + 1)}${use.args}`;
    const [first = '', ...rest] = wrap(use.text, TEXT_WIDTH);
    const head = `${stopMarks[use.stop].padEnd(MARK_WIDTH)}${first}`;
    const body = rest.map((line) => `  ${indent(USAGE_WIDTH + MARK_WIDTH)}${line}`);
    if (usage.length >= USAGE_WIDTH) return [`  ${usage}`, `  ${indent(USAGE_WIDTH)}${head}`, ...body];
    return [`  ${usage.padEnd(USAGE_WIDTH)}${head}`, ...body];
  });
}

export const helpText = `Askbox command line

Usage: npm run cli -- <command> [arguments]

Settings come from the environment or a .env file: DATABASE_URL (PostgreSQL) or DATA_DIR (embedded
database, ./data).

STOP says whether the server must be stopped before the command:
    embedded  with the embedded database (DATA_DIR), yes: one process opens it at a time (the
              command says so if the server holds it); with PostgreSQL (DATABASE_URL), no: it
              runs while servers run.
    always    yes, whatever the database.
    -         no: the server may be running or stopped.

  ${'COMMAND'.padEnd(USAGE_WIDTH)}${'STOP'.padEnd(MARK_WIDTH)}WHAT IT DOES
${commandHelp.flatMap(commandLines).join('\n')}`;
