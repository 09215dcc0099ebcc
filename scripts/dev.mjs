// `npm run dev`: the API with watch on 3080 and Vite with hot reload on 3090.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
process.on('SIGINT', () => children.forEach((c) => c.kill('SIGINT')));
