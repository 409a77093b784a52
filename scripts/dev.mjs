#!/usr/bin/env node
// `npm run dev`: the API with reload (tsx watch) on API_PORT (default 3001) and Vite with hot reload on
// PORT (default 3000), which proxies /api and /uploads to the API. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.API_PORT ?? '3001';
const sitePort = process.env.PORT ?? '3000';

const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/api'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      // The API runs from apps/api; keep its data where `npm start` keeps it.
      DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data'),
      PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL ?? `http://localhost:${sitePort}` },
  }),
  // The site's dev script draws the illustrations first, then runs Vite.
  spawn('npm', ['run', 'dev', '-w', 'apps/site', '--', '--port', sitePort, '--strictPort'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

function stopAll(code = 0) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
