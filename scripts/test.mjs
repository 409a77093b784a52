#!/usr/bin/env node
// `npm test`: every kind of test the project has, in one command, with a summary at the end.
// Stages run in order; e2e needs the build, so a failed build skips it. Exit code is non-zero if any stage failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';
import { findChromium } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const stages = [
  { name: 'typecheck', cmd: ['npm', 'run', 'typecheck'] },
  { name: 'lint', cmd: ['npm', 'run', 'lint'] },
  { name: 'build', cmd: ['npm', 'run', 'build'] },
  { name: 'bundle budget', cmd: ['node', 'scripts/bundle-budget.mjs'], needs: 'build' },
  { name: 'ui package (npm pack into a scratch Vite app)', cmd: ['node', 'scripts/pack-test.mjs', '--no-build'], needs: 'build' },
  {
    name: 'unit, api and story tests (vitest)',
    // The JSON report lets the summary name the failing tests: CI keeps only the tail of the output.
    cmd: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json'],
    report: 'test-results/vitest.json',
  },
  {
    name: 'end-to-end (playwright)',
    cmd: ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    needs: 'build',
    playwrightReport: 'test-results/playwright.json',
  },
  { name: 'visual regression (every story vs baselines)', cmd: ['npm', 'run', 'test:visual'] },
  // After the visual stage's build-storybook: the designers' Storybook as `npm start` serves it (decision 034).
  { name: 'storybook served by npm start', cmd: ['node', 'scripts/storybook-served.mjs'], needs: 'build' },
];

try {
  findChromium();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'Note: TEST_DATABASE_URL is not set, so the API tests run on embedded PGlite only and the PostgreSQL suite is skipped.\n' +
      '      Set it (e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test) to run them on PostgreSQL too.',
  );
}

const results = [];
for (const stage of stages) {
  const dependency = stage.needs && results.find((r) => r.name === stage.needs);
  if (dependency && !dependency.ok) {
    results.push({ name: stage.name, ok: false, seconds: 0, skipped: true });
    continue;
  }
  console.log(`\n━━ ${stage.name} ━━ ${stage.cmd.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(stage.cmd[0], stage.cmd.slice(1), { cwd: root, stdio: 'inherit', env: process.env });
  results.push({ name: stage.name, ok: run.status === 0, seconds: (Date.now() - started) / 1000 });
}

console.log('\n━━ summary ━━');
for (const r of results) {
  const status = r.skipped ? 'SKIPPED (build failed)' : r.ok ? 'passed' : 'FAILED';
  console.log(`${status.padEnd(22)} ${r.name.padEnd(40)} ${r.seconds.toFixed(1)} s`);
}
for (const stage of stages) {
  const result = results.find((r) => r.name === stage.name);
  if (stage.report && result && !result.ok && !result.skipped) printVitestFailures(path.join(root, stage.report));
  // Flaky tests (failed once, passed on the retry) are named even when the stage passed.
  if (stage.playwrightReport && result && !result.skipped) printPlaywrightProblems(path.join(root, stage.playwrightReport));
}
process.exit(results.every((r) => r.ok) ? 0 : 1);

/** Names each failing Vitest test (and failing file without tests) with the first lines of its error. */
function printVitestFailures(file) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    console.log(`(no Vitest report at ${path.relative(root, file)})`);
    return;
  }
  console.log('\n━━ failing Vitest tests ━━');
  for (const suite of report.testResults ?? []) {
    const where = path.relative(root, suite.name);
    const failed = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (failed.length === 0 && suite.status === 'failed') console.log(`✗ ${where}: ${firstLines(suite.message)}`);
    for (const test of failed) console.log(`✗ ${where} › ${test.fullName}\n    ${firstLines(test.failureMessages?.join('\n'))}`);
  }
}

/** Names each failing or flaky Playwright test with the first lines of its first error. */
function printPlaywrightProblems(file) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    console.log(`(no Playwright report at ${path.relative(root, file)})`);
    return;
  }
  const problems = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = (test.results ?? []).map((r) => r.error?.message ?? r.errors?.[0]?.message).find(Boolean);
        const name = [...titles, spec.title].filter(Boolean).join(' › ');
        problems.push(`${test.status === 'flaky' ? '~ flaky' : '✗'} ${spec.file}:${spec.line} › ${name}\n    ${firstLines(stripVTControlCharacters(String(error ?? '')))}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title === child.file ? '' : child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  if (problems.length === 0) return;
  console.log('\n━━ failing or flaky Playwright tests ━━');
  for (const line of problems) console.log(line);
}

function firstLines(text = '') {
  return String(text).split('\n').slice(0, 6).join('\n    ').slice(0, 1200);
}
