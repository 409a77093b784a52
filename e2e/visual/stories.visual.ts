import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

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

// One page per worker, and Storybook's own channel to switch stories: loading iframe.html (all of
// Storybook's preview bundle) for each of ~460 stories took 16 minutes; switching in place takes seconds.
// Storybook unmounts the previous story and runs its cleanups (scroll, fetch stubs) before the next renders.
const it = test.extend<object, { storyPage: Page }>({
  storyPage: [
    async ({ browser }, use) => {
      const context = await browser.newContext(test.info().project.use);
      const page = await context.newPage();
      await page.clock.setFixedTime(FIXED_NOW);
      await page.goto('/iframe.html?viewMode=story');
      await page.waitForFunction(() => '__STORYBOOK_ADDONS_CHANNEL__' in window);
      await use(page);
      await context.close();
    },
    { scope: 'worker' },
  ],
});

for (const story of stories) {
  it(`${story.title} › ${story.name}`, async ({ storyPage: page }) => {
    await page.evaluate((storyId) => {
      const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: { emit(e: string, p: object): void } })
        .__STORYBOOK_ADDONS_CHANNEL__;
      channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
    }, story.id);
    // 'finished' comes after the play function and Storybook's own wait for animations; 'errored' means a
    // render or play error, which fails the test below with the story's id.
    await page.waitForFunction(
      (storyId) => {
        const render = (window as unknown as { __STORYBOOK_PREVIEW__?: Preview }).__STORYBOOK_PREVIEW__?.currentRender;
        return render?.id === storyId && ['finished', 'errored', 'aborted'].includes(render.phase ?? '');
      },
      story.id,
      { timeout: 20_000 },
    );
    const phase = await page.evaluate(
      () => (window as unknown as { __STORYBOOK_PREVIEW__: Preview }).__STORYBOOK_PREVIEW__.currentRender?.phase,
    );
    expect(phase, `story ${story.id} did not finish rendering cleanly`).toBe('finished');
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
    await expect(page).toHaveScreenshot(`${story.id}.png`, { fullPage: false });
  });
}
