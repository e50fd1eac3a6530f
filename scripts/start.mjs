// `npm start`: build the web app and compile the server when their sources are newer than the
// builds, then run the compiled server (which applies migrations and listens on PORT, default 3000).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, newestMtime, serverBuildIsStale } from './build-server.mjs';
import { spawnServer } from './run-server.mjs';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const webDir = path.join(root, 'packages/web');
const builtIndex = path.join(webDir, 'dist/index.html');

const sources = ['src', 'public', 'index.html', 'vite.config.ts'].map((p) => path.join(webDir, p)).concat(path.join(root, 'packages/common/src'));
const needsBuild = !fs.existsSync(builtIndex) || Math.max(...sources.filter(fs.existsSync).map(newestMtime)) > fs.statSync(builtIndex).mtimeMs;
if (needsBuild) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@askbox/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (serverBuildIsStale()) {
  console.log('Compiling the server…');
  await buildServer();
}

const server = spawnServer(process.env);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
