import { execFileSync } from 'node:child_process';

/** The admin of the e2e run, made by the operator CLI (see createAdminWithCli). */
export const e2eAdmin = { email: 'e2e_admin@example.test', username: 'e2e_admin', fullname: 'E2E Admin', password: 'admin pass 123' };

/**
 * Admin rights are granted from the command line only, and the CLI cannot open the embedded
 * database while the server holds it; so global setup runs the real CLI on the fresh DATA_DIR
 * BEFORE it starts the server (a second app for one spec would double the start-up time).
 */
export function createAdminWithCli(root: string, env: NodeJS.ProcessEnv): void {
  const cli = (...args: string[]) =>
    execFileSync(process.execPath, ['--import', 'tsx', 'packages/server/src/cli.ts', ...args], { cwd: root, env, stdio: 'pipe' });
  cli('create-user', '--email', e2eAdmin.email, '--username', e2eAdmin.username, '--fullname', e2eAdmin.fullname, '--password', e2eAdmin.password);
  cli('grant-admin', e2eAdmin.username);
}
