import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { MINIMAL_VIEWPORTS } from 'storybook/viewport';

// Every story of the static Storybook, screenshotted after its play function has finished.
// Stories tagged '!visual' (Storybook removes the default 'visual' tag from index.json) are left out;
// each such story says why next to the tag.
const indexPath = path.resolve(import.meta.dirname, '../../storybook-static/index.json');
if (!existsSync(indexPath)) {
  throw new Error(`No Storybook build at ${path.dirname(indexPath)}. Run npm run build-storybook first.`);
}

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
  tags?: string[];
}
const index = JSON.parse(readFileSync(indexPath, 'utf8')) as { entries: Record<string, IndexEntry> };
const stories = Object.values(index.entries).filter(
  (entry) => entry.type === 'story' && (entry.tags ?? []).includes('visual'),
);

// A fixed clock (Date only; timers still run) so texts such as the footer's year or 'ends in 3 days'
// do not change the pixels from one day to the next.
const FIXED_NOW = new Date('2026-01-15T10:00:00.000Z');

type Preview = { currentRender?: { id?: string; phase?: string } };

/**
 * A message and the top of its stack, enough to find the error and short enough to read in a report. The stack
 * lines are marked with '|' and lose their 'at ', so Playwright does not take them for frames of the test's own stack.
 */
const firstLines = (text: string, count = 5) =>
  text
    .split('\n')
    .slice(0, count)
    .map((line, i) => (i === 0 ? line : `  | ${line.trim().replace(/^at /, '')}`))
    .join('\n');

/** The worker's page and what it has logged as an error since the current story was asked for. */
interface StoryPage {
  page: Page;
  errors: string[];
}

// Errors that are not the story going wrong, for the stories named (all when `stories` is left out).
// Each entry says why; keep this list short, and prefer fixing the story.
const ALLOWED_ERRORS: { stories?: RegExp; pattern: RegExp; why: string }[] = [
  {
    stories: /--broken-image$/,
    pattern: /^console\.error: Failed to load resource: .*\/uploads\/campaigns\//,
    why: "these stories point an image at a missing file on purpose, to show the fallback; Chromium logs the failed load",
  },
  {
    pattern: /^console\.error: TypeError: [^\n]* is not a function\n\s+at \S+\.generateExpression /,
    why:
      "Storybook's props table (argTypes from react-docgen) prints a prop's default value with escodegen, which has no " +
      'printer for JSX; it logs this and shows the default unprinted. Hit by defaults holding icons (StatsBlock ' +
      "HOME_STATS, TrustBadges DEFAULT_TRUST_BADGES, HeroSection's), on every story of those components",
  },
];

// One page per worker, and Storybook's own channel to switch stories: loading iframe.html (all of
// Storybook's preview bundle) for each of ~460 stories took 16 minutes; switching in place takes seconds.
// Storybook unmounts the previous story and runs its cleanups (scroll, fetch stubs) before the next renders.
const it = test.extend<object, { storyPage: StoryPage }>({
  storyPage: [
    async ({ browser }, use) => {
      const context = await browser.newContext(test.info().project.use);
      const page = await context.newPage();
      const errors: string[] = [];
      // Everything the story logs as an error, or throws where nothing catches it: a story that renders
      // while something goes wrong must not become a baseline.
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const { url } = message.location();
        errors.push(`console.error: ${firstLines(message.text())}${url ? ` (${url})` : ''}`);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${firstLines(error.stack ?? error.message)}`));
      await page.clock.setFixedTime(FIXED_NOW);
      await page.goto('/iframe.html?viewMode=story');
      // The channel exists before the preview has built its story store; storyViewport reads the store, so wait for
      // both (the first story of a worker failed with "reading 'loadStory'" when the store was still being built).
      await page.waitForFunction(
        () =>
          '__STORYBOOK_ADDONS_CHANNEL__' in window &&
          Boolean((window as unknown as { __STORYBOOK_PREVIEW__?: { storyStoreValue?: unknown } }).__STORYBOOK_PREVIEW__?.storyStoreValue),
      );
      await use({ page, errors });
      await context.close();
    },
    { scope: 'worker' },
  ],
});

/**
 * Fails the story's test when Storybook shows its error display (or no preview) instead of the story,
 * or when anything was logged as an error while it rendered and played; the message names the story
 * and quotes the error. Runs before the screenshot, so a crash can never be
 * written as a baseline, also under --update-snapshots.
 */
async function expectRenderedCleanly(page: Page, errors: string[], storyId: string): Promise<void> {
  // Storybook 10 swaps one sb-show-* class on <body>: sb-show-main while a story is on show, sb-show-errordisplay
  // with #error-message and #error-stack filled in for a crash, sb-show-nopreview for a missing story. An empty
  // #storybook-root proves nothing: dialogs render into a portal, and a closed dialog or an empty list renders nothing.
  const shown = await page.evaluate(() => ({
    bodyClasses: Array.from(document.body.classList),
    errorMessage: document.querySelector('#error-message')?.textContent?.trim() ?? '',
    errorStack: document.querySelector('#error-stack')?.textContent?.trim() ?? '',
  }));
  const screen = shown.bodyClasses.includes('sb-show-errordisplay')
    ? "Storybook's error display"
    : shown.bodyClasses.includes('sb-show-nopreview')
      ? "Storybook's 'no preview' screen"
      : !shown.bodyClasses.includes('sb-show-main')
        ? `no story (body classes: ${shown.bodyClasses.join(' ') || 'none'})`
        : null;
  const problems: string[] = [];
  if (screen) {
    const detail = [shown.errorMessage, firstLines(shown.errorStack, 4)].filter(Boolean).join('\n');
    problems.push(`shows ${screen}${detail ? `:\n${detail}` : ''}`);
  }
  const logged = errors.filter(
    (error) => !ALLOWED_ERRORS.some(({ stories, pattern }) => (!stories || stories.test(storyId)) && pattern.test(error)),
  );
  if (logged.length > 0) problems.push(`logged ${logged.length} error(s):\n${logged.join('\n')}`);
  if (problems.length > 0) throw new Error(`story ${storyId} did not render cleanly:\n${problems.join('\n')}`);
}

interface ViewportOption {
  styles?: { width?: string; height?: string };
}

/**
 * The window size a story asks for with Storybook's viewport global (`globals: { viewport: { value: 'mobile2' } }`),
 * the way Storybook's Vitest run sizes the page for it (Storybook's MINIMAL_VIEWPORTS plus the story's
 * `parameters.viewport.options`); null when the story sets none, so it keeps the config's 800×600.
 * Without this a 'Mobile' story was rendered and screenshotted at 800px and its play function failed.
 */
async function storyViewport(page: Page, storyId: string): Promise<{ width: number; height: number } | null> {
  const wanted = await page.evaluate(async (id) => {
    type Loaded = {
      storyGlobals?: { viewport?: { value?: string; isRotated?: boolean } };
      parameters?: { viewport?: { options?: Record<string, unknown>; disable?: boolean; disabled?: boolean } };
    };
    type Store = { loadStory(options: { storyId: string }): Promise<Loaded> };
    const preview = (window as unknown as { __STORYBOOK_PREVIEW__: { storyStoreValue: Store } }).__STORYBOOK_PREVIEW__;
    const story = await preview.storyStoreValue.loadStory({ storyId: id });
    const param = story.parameters?.viewport ?? {};
    return {
      global: story.storyGlobals?.viewport,
      options: param.options ?? {},
      disabled: Boolean(param.disable || param.disabled),
    };
  }, storyId);
  if (!wanted.global?.value || wanted.disabled) return null;
  const options: Record<string, ViewportOption> = {
    ...MINIMAL_VIEWPORTS,
    ...(wanted.options as Record<string, ViewportOption>),
  };
  const styles = options[wanted.global.value]?.styles;
  const width = Number.parseInt(styles?.width ?? '', 10);
  const height = Number.parseInt(styles?.height ?? '', 10);
  if (!Number.isFinite(width) || !Number.isFinite(height)) {
    throw new Error(`story ${storyId} asks for viewport '${wanted.global.value}', which has no size in pixels`);
  }
  return wanted.global.isRotated ? { width: height, height: width } : { width, height };
}

for (const story of stories) {
  it(`${story.title} › ${story.name}`, async ({ storyPage: { page, errors } }) => {
    // Sized before the story mounts: components read the width (media queries, matchMedia) when they render.
    const viewport = (await storyViewport(page, story.id)) ?? test.info().project.use.viewport;
    if (viewport) await page.setViewportSize(viewport);
    // Only what this story logs counts; the previous story's errors failed that story's test.
    errors.length = 0;
    await page.evaluate((storyId) => {
      const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: { emit(e: string, p: object): void } })
        .__STORYBOOK_ADDONS_CHANNEL__;
      channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
    }, story.id);
    // 'finished' comes after the play function and Storybook's own wait for animations; 'errored' means a
    // render or play error, which fails the test below with the story's id. 'finished' alone is not enough:
    // an error thrown in an effect after the render (a decorator's, say) shows the error display and
    // leaves the phase at 'finished', so expectRenderedCleanly looks at the page itself.
    await page.waitForFunction(
      (storyId) => {
        const render = (window as unknown as { __STORYBOOK_PREVIEW__?: Preview }).__STORYBOOK_PREVIEW__?.currentRender;
        return render?.id === storyId && ['finished', 'errored', 'aborted'].includes(render.phase ?? '');
      },
      story.id,
      { timeout: 20_000 },
    );
    await page.evaluate(async () => {
      await document.fonts.ready;
      // Lazy images below the fold would never load; make them eager so every image settles, and give
      // up on one after 5s (a deliberately broken image fires 'error', which also settles it).
      const pending = Array.from(document.images).filter((image) => !image.complete);
      for (const image of pending) image.loading = 'eager';
      await Promise.all(
        pending.map(
          (image) =>
            new Promise((resolve) => {
              image.addEventListener('load', resolve, { once: true });
              image.addEventListener('error', resolve, { once: true });
              setTimeout(resolve, 5000);
            }),
        ),
      );
    });
    // The error display and logged errors first: they say what went wrong, a phase only that something did.
    await expectRenderedCleanly(page, errors, story.id);
    const phase = await page.evaluate(
      () => (window as unknown as { __STORYBOOK_PREVIEW__: Preview }).__STORYBOOK_PREVIEW__.currentRender?.phase,
    );
    expect(phase, `story ${story.id} did not finish rendering cleanly`).toBe('finished');
    await expect(page).toHaveScreenshot(`${story.id}.png`, { fullPage: false });
    // An error logged while the screenshot settled fails the test too (under --update-snapshots the
    // file is then already written, but the run is red and names the story).
    await expectRenderedCleanly(page, errors, story.id);
  });
}
