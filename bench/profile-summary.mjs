// Summarises a V8 .cpuprofile (from `BENCH_CPU_PROF=<dir> node bench/api.mjs`): self time per function and per
// package, heaviest first, so the cost of a request can be read without DevTools.
// Usage: node bench/profile-summary.mjs <file.cpuprofile> [rows, default 25]
import { readFileSync } from 'node:fs';

const [file, rowsArg] = process.argv.slice(2);
const rows = Number(rowsArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfTime = new Map();
// timeDeltas[i] is the time before samples[i] was taken: attribute it to that sample's node.
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...selfTime.values()].reduce((a, b) => a + b, 0);

function packageOf(url) {
  if (!url) return '(native / V8)';
  const match = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (match) return match[1];
  if (url.startsWith('node:')) return 'node core';
  if (url.includes('/dist/')) return 'apps/api (bundled)';
  return url.replace(/^file:\/\//, '').split('/').slice(-2).join('/');
}

const functions = new Map();
const packages = new Map();
for (const [id, time] of selfTime) {
  const { callFrame } = byId.get(id);
  const name = `${callFrame.functionName || '(anonymous)'} ${packageOf(callFrame.url)}:${callFrame.lineNumber + 1}`;
  functions.set(name, (functions.get(name) ?? 0) + time);
  const pkg = ['(idle)', '(program)', '(garbage collector)'].includes(callFrame.functionName) ? callFrame.functionName : packageOf(callFrame.url);
  packages.set(pkg, (packages.get(pkg) ?? 0) + time);
}
const show = (title, map) => {
  console.log(`\n${title}`);
  for (const [name, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`${((100 * time) / total).toFixed(1).padStart(5)} %  ${(time / 1000).toFixed(0).padStart(7)} ms  ${name}`);
  }
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
show('Self time by package:', packages);
show('Self time by function:', functions);
