import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { campaignsPageWithData, type FirstPageFetcher } from './site-campaigns-page.js';

// The real site bundle is exercised end to end (e2e/prerender.spec.ts: /campaigns arrives with its cards and hydrates
// them). Here: what the API does around it (when it renders, what it keeps, how it falls back), with a small bundle
// of the same shape written to disk and imported as the server imports the real one.

const dir = mkdtempSync(path.join(os.tmpdir(), 'campaigns-page-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function bundle(name: string, body: string): string {
  const file = path.join(dir, `${name}.mjs`);
  writeFileSync(file, body);
  return file;
}

const WORKING = bundle(
  'working',
  `export const CAMPAIGNS_FIRST_PAGE_QUERY = 'page=1&limit=9&status=active';
   export let renders = 0;
   export async function renderCampaignsWithData(prerendered, mode, body) {
     renders += 1;
     await new Promise((resolve) => setTimeout(resolve, 20));
     return prerendered.replace('LOADING', mode + ':' + body.data.campaigns.map((c) => c.title).join(',') + ':' + renders);
   }`,
);
const FAILING = bundle(
  'failing',
  `export const CAMPAIGNS_FIRST_PAGE_QUERY = 'page=1';
   export async function renderCampaignsWithData() { throw new Error('render failed'); }`,
);

function logger() {
  const lines: string[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
  return { log, lines };
}

function fetcher(answers: Array<{ titles: string[]; etag: string } | null>) {
  const queries: string[] = [];
  let index = 0;
  const fetchFirstPage: FirstPageFetcher = async (query) => {
    queries.push(query);
    const answer = answers[Math.min(index, answers.length - 1)] ?? null;
    index += 1;
    if (!answer) return null;
    return { body: JSON.stringify({ data: { campaigns: answer.titles.map((title) => ({ title })) } }), etag: answer.etag };
  };
  return { fetchFirstPage, queries };
}

describe('campaignsPageWithData', () => {
  it("asks the list the site's bundle names, renders once per answer and mode, and again when the list changes", async () => {
    const { log } = logger();
    const { fetchFirstPage, queries } = fetcher([
      { titles: ['Water'], etag: '"a"' },
      { titles: ['Water'], etag: '"a"' },
      { titles: ['Water'], etag: '"a"' },
      { titles: ['Water', 'Meals'], etag: '"b"' },
    ]);
    const page = campaignsPageWithData({ bundleFile: WORKING, fetchFirstPage, log });
    const [first, second] = await Promise.all([page('<p>LOADING</p>', 'sandbox'), page('<p>LOADING</p>', 'sandbox')]);
    expect(first).toBe('<p>sandbox:Water:1</p>');
    // A second view while the first render was running shares it.
    expect(second).toBe(first);
    expect(await page('<p>LOADING</p>', 'sandbox')).toBe('<p>sandbox:Water:1</p>');
    // A write changed the list (new ETag): rendered afresh.
    expect(await page('<p>LOADING</p>', 'sandbox')).toBe('<p>sandbox:Water,Meals:2</p>');
    expect(queries).toEqual(Array(4).fill('page=1&limit=9&status=active'));
  });

  it('renders afresh for another payments mode or a rebuilt site', async () => {
    const { log } = logger();
    const { fetchFirstPage } = fetcher([{ titles: ['Water'], etag: '"a"' }]);
    const page = campaignsPageWithData({ bundleFile: WORKING, fetchFirstPage, log });
    const sandbox = await page('<p>LOADING</p>', 'sandbox');
    const stripe = await page('<p>LOADING</p>', 'stripe');
    const rebuilt = await page('<div>LOADING</div>', 'stripe');
    expect([sandbox, stripe, rebuilt].map((html) => html?.replace(/:\d+</, '<'))).toEqual([
      '<p>sandbox:Water</p>',
      '<p>stripe:Water</p>',
      '<div>stripe:Water</div>',
    ]);
  });

  it('answers null (the build page is sent) when the list does not load, without rendering', async () => {
    const { log } = logger();
    const { fetchFirstPage } = fetcher([null]);
    const page = campaignsPageWithData({ bundleFile: WORKING, fetchFirstPage, log });
    expect(await page('<p>LOADING</p>', 'sandbox')).toBeNull();
  });

  it('answers null and logs a warning when the site has no server bundle, or its render fails', async () => {
    const missing = logger();
    const noBundle = campaignsPageWithData({ bundleFile: path.join(dir, 'nope.mjs'), fetchFirstPage: fetcher([{ titles: [], etag: '"a"' }]).fetchFirstPage, log: missing.log });
    expect(await noBundle('<p>LOADING</p>', 'sandbox')).toBeNull();
    expect(await noBundle('<p>LOADING</p>', 'sandbox')).toBeNull();
    expect(missing.lines).toHaveLength(1);
    expect(JSON.parse(missing.lines[0] ?? '{}').msg).toBe('/campaigns is sent in its loading state: the site has no server bundle (rebuild the site)');

    const failing = logger();
    const broken = campaignsPageWithData({ bundleFile: FAILING, fetchFirstPage: fetcher([{ titles: [], etag: '"a"' }]).fetchFirstPage, log: failing.log });
    expect(await broken('<p>LOADING</p>', 'sandbox')).toBeNull();
    expect(JSON.parse(failing.lines[0] ?? '{}').msg).toBe('Rendering /campaigns with its data failed; its loading state is sent');
  });
});
