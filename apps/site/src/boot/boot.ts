// The only script a prerendered page asks for while it loads (scripts/prerender.mjs puts it in place of the site's
// entry). It holds early clicks back (early-events.ts), then, once the page has painted, starts the site's scripts:
// the entry and the chunks the page needs, named on its own tag by the build. The page's largest paint is its own HTML
// and does not wait for ~100 kB of JavaScript (LCP under 1.8 s on a phone;
// docs/decisions/009-prerendered-public-pages.md, amended).
import { captureEarlyEvents } from './early-events';

/** The id prerender.mjs gives this script's tag: module scripts have no document.currentScript. */
const BOOT_ID = 'charity-boot';

/** Preload links inserted per task: appending one costs a phone 5–25 ms of main thread (bench/README.md, issue 19). */
const PRELOADS_PER_TASK = 2;

function startSiteScripts(tag: HTMLElement): void {
  const entry = tag.dataset.entry;
  if (!entry) return;
  const head = document.head;
  // The entry first: its own static imports are fetched as soon as it arrives, preloads or not.
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  head.append(script);
  // Then the rest of the page's chunks (the lazily loaded page's among them), a few per task: twenty links appended in
  // one callback were one 100–430 ms task on a throttled phone, the largest piece of total blocking time after the
  // first paint. In separate tasks none of them blocks for more than a few milliseconds.
  const hrefs = (tag.dataset.preload ?? '').split(' ').filter(Boolean);
  const insertSome = () => {
    for (const href of hrefs.splice(0, PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      head.append(link);
    }
    if (hrefs.length > 0) setTimeout(insertSome, 0);
  };
  insertSome();
}

const tag = document.getElementById(BOOT_ID);
const root = document.getElementById('root');
if (tag && root) {
  captureEarlyEvents(root);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    startSiteScripts(tag);
  };
  // After the first contentful paint has been shown (the browser reports it once the frame is on screen; a frame
  // callback alone runs before the paint is presented, and the scripts would then count as part of it).
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // Started from the report itself, not from a timer: the page's load event then still waits for the scripts, and
    // a page whose timers are held (a test's fake clock) still starts.
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => requestAnimationFrame(start));
  }
  // A background tab paints nothing until it is shown; timers still run there (slowly). The scripts must not wait.
  setTimeout(start, 1_000);
}
