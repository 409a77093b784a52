/*
 * widget.js — the partner donate widget loader (docs/decisions/006-partner-widget.md). A partner pastes one line:
 *   <script src="https://<charity host>/widget.js" data-campaign="12" async></script>
 * and this script puts the charity's /embed/donate page in an iframe right after that <script> (or a 'Donate' button
 * opening it in a dialog, with data-mode="button"). Card data and Stripe stay inside the charity's own page.
 *
 * Rules: no dependencies; never throw on the partner's page (every entry point is wrapped); only messages from the
 * charity's origin (this script's own) are trusted; when the charity cannot be reached, a link to its /donate page;
 * when the form cannot be shown on this site (the page's origin is not in PARTNER_ORIGINS, or the frame is refused
 * for any other reason), a short message with a link to donate on the charity's site (decision 033).
 * Built to one ES2017 IIFE (apps/site/widget.tsup.config.ts), under 5 kB gzip (widget.test.ts). What it draws is
 * widget-ui.ts.
 */

import { LOAD_GRACE_MS, READY_TIMEOUT_MS, UNAVAILABLE_TEXT } from './timing';
import { blockedMessage, createLauncher, donateUrl, element, guard, openDialog, warn, widgetPalette } from './widget-ui';

/** Filled in by the API as it serves the file (the iframe's and dialog's accessible name). */
const ORGANISATION_NAME = '__CHARITY_ORGANISATION_NAME__';
export const EVENT_TYPES = ['donation:completed', 'donation:failed'] as const;
const PASSED_ATTRIBUTES = ['campaign', 'amounts', 'currency', 'theme', 'locale'] as const;

type Message = { type?: unknown; height?: unknown; donation?: unknown; message?: unknown };

/** The /embed/donate address for this script's data attributes, the partner page's own origin included. */
export function embedUrl(origin: string, data: DOMStringMap, partner: string): string {
  const query: string[] = [];
  for (const key of PASSED_ATTRIBUTES) {
    const value = data[key];
    if (value) query.push(`${key}=${encodeURIComponent(value)}`);
  }
  query.push(`partner=${encodeURIComponent(partner)}`);
  return `${origin}/embed/donate?${query.join('&')}`;
}

/** The API's answer to whether a page on `partner` may frame the form (GET /api/widget/partner-status). */
export function partnerStatusUrl(origin: string, partner: string): string {
  return `${origin}/api/widget/partner-status?origin=${encodeURIComponent(partner)}`;
}

function start(script: HTMLScriptElement) {
  const origin = new URL(script.src, document.baseURI).origin;
  const data = script.dataset;
  const title = `Donate to ${ORGANISATION_NAME}`;
  const palette = widgetPalette(data.theme);
  const container = element('div');
  container.className = 'charity-donate-widget';
  script.insertAdjacentElement('afterend', container);

  let iframe: HTMLIFrameElement | null = null;
  let ready = false;
  let failed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closeDialog: (() => void) | null = null;

  /** Ends the widget with `content` in its place (the dialog closed); focus follows when the dialog had it. */
  function fail(content: HTMLElement, focusTarget: HTMLElement, fill?: () => void) {
    if (failed || ready) return;
    failed = true;
    clearTimeout(timer);
    const hadDialog = closeDialog !== null;
    if (closeDialog) closeDialog();
    container.replaceChildren(content);
    const finish = guard(() => {
      if (fill) fill();
      if (hadDialog) focusTarget.focus();
    });
    // A status message is filled a moment after its box is on the page: screen readers then announce it.
    if (fill) setTimeout(finish, 100);
    else finish();
  }

  function unavailable() {
    const link = element('a');
    link.href = `${origin}/donate`;
    link.textContent = UNAVAILABLE_TEXT;
    fail(link, link);
  }

  function blocked() {
    const message = blockedMessage(palette, donateUrl(origin, data.campaign), ORGANISATION_NAME);
    fail(message.box, message.link, message.fill);
  }

  function makeFrame(): HTMLIFrameElement {
    const frame = element('iframe', { width: '100%', border: '0', display: 'block', overflow: 'hidden', height: '480px' });
    frame.title = title;
    frame.src = embedUrl(origin, data, location.origin);
    frame.setAttribute('scrolling', 'no');
    frame.setAttribute('allow', 'payment');
    // A refused frame loads too (the browser's error page), but its page never says it is ready.
    frame.addEventListener(
      'load',
      guard(() => {
        if (ready || failed || iframe !== frame) return;
        clearTimeout(timer);
        timer = setTimeout(guard(blocked), LOAD_GRACE_MS);
      }),
    );
    iframe = frame;
    clearTimeout(timer);
    timer = setTimeout(guard(unavailable), READY_TIMEOUT_MS);
    return frame;
  }

  function emit(type: (typeof EVENT_TYPES)[number], detail: unknown) {
    // Bubbles from the widget's container through the partner's page up to document, where most will listen.
    container.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  window.addEventListener(
    'message',
    guard((event: MessageEvent) => {
      // Only the charity's page inside our own iframe may size it or report a donation.
      if (event.origin !== origin || !iframe || event.source !== iframe.contentWindow) return;
      const message = (event.data ?? {}) as Message;
      if (message.type === 'donate-widget:ready') {
        ready = true;
        clearTimeout(timer);
      } else if (message.type === 'donate-widget:resize' && typeof message.height === 'number' && message.height >= 0) {
        iframe.style.height = `${Math.ceil(Math.min(message.height, 20_000))}px`;
      } else if (message.type === 'donate-widget:escape') {
        if (closeDialog) closeDialog();
      } else if (message.type === 'donation:completed') {
        emit('donation:completed', { donation: message.donation });
      } else if (message.type === 'donation:failed') {
        emit('donation:failed', { message: message.message });
      }
    }),
  );

  if (data.mode === 'button') {
    const button = createLauncher(palette);
    container.append(button);
    button.addEventListener(
      'click',
      guard(() => {
        if (failed || closeDialog) return;
        closeDialog = openDialog({
          opener: button,
          title,
          content: makeFrame(),
          palette,
          onClosed: () => {
            closeDialog = null;
            iframe = null;
            // The next opening makes a new frame, which must say it is ready again.
            ready = false;
            clearTimeout(timer);
          },
        });
      }),
    );
  } else {
    container.append(makeFrame());
  }

  // Asked at once, beside the frame: a site missing from PARTNER_ORIGINS gets its message in one round trip, not
  // after a timeout. CORS mode, no credentials (the API lets any site read this answer). A network failure is no
  // answer at all: the charity cannot be reached. Any other answer than a clear 'not allowed' leaves it to the frame.
  fetch(partnerStatusUrl(origin, location.origin), { mode: 'cors', credentials: 'omit' }).then(
    guard((response: Response) => {
      if (!response.ok) return;
      response.json().then(
        guard((body: { data?: { allowed?: unknown } } | null) => {
          if (body?.data?.allowed === false) blocked();
        }),
        () => undefined,
      );
    }),
    guard(unavailable),
  );
}

guard(() => {
  // Captured now: document.currentScript is null once this first, synchronous run is over.
  const script = document.currentScript;
  if (script instanceof HTMLScriptElement) start(script);
  else warn('widget.js must be loaded with a <script src> tag.');
})();
