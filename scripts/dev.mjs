// `npm run dev`: the API server (port 3000) and Vite with hot reload (port 5173, proxying /api).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', path.join(root, 'packages/server/src/main.ts')], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@askbox/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
