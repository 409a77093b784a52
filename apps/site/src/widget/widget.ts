/*
 * widget.js — the partner donate widget loader (docs/decisions/006-partner-widget.md). A partner pastes one line:
 *   <script src="https://<charity host>/widget.js" data-campaign="12" async></script>
 * and this script puts the charity's /embed/donate page in an iframe right after that <script> (or a 'Donate' button
 * opening it in a dialog, with data-mode="button"). Card data and Stripe stay inside the charity's own page.
 *
 * Rules: no dependencies; never throw on the partner's page (every entry point is wrapped); only messages from the
 * charity's origin (this script's own) are trusted; when the charity cannot be reached, a link to its /donate page.
 * Built to one ES2017 IIFE (apps/site/widget.tsup.config.ts), under 5 kB gzip (widget.test.ts).
 */

/** Filled in by the API as it serves the file (the iframe's and dialog's accessible name). */
const ORGANISATION_NAME = '__CHARITY_ORGANISATION_NAME__';
export const READY_TIMEOUT_MS = 10_000;
export const UNAVAILABLE_TEXT = 'Donations are unavailable right now';
export const EVENT_TYPES = ['donation:completed', 'donation:failed'] as const;
const PASSED_ATTRIBUTES = ['campaign', 'amounts', 'currency', 'theme', 'locale'] as const;

type Message = { type?: unknown; height?: unknown; donation?: unknown; message?: unknown };

function warn(error: unknown) {
  try {
    console.warn('[donate widget]', error);
  } catch {
    // A console that throws is not ours to fix.
  }
}

function guard<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  return (...args: A) => {
    try {
      fn(...args);
    } catch (error) {
      warn(error);
    }
  };
}

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

function element<K extends keyof HTMLElementTagNameMap>(tag: K, styles: Partial<CSSStyleDeclaration> = {}): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  // CSSOM, not style attributes: a partner's CSP without 'unsafe-inline' styles still lets these apply.
  Object.assign(el.style, styles);
  return el;
}

function start(script: HTMLScriptElement) {
  const origin = new URL(script.src, document.baseURI).origin;
  const data = script.dataset;
  const title = `Donate to ${ORGANISATION_NAME}`;
  const container = element('div');
  container.className = 'charity-donate-widget';
  script.insertAdjacentElement('afterend', container);

  let iframe: HTMLIFrameElement | null = null;
  let ready = false;
  let failed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closeDialog: (() => void) | null = null;

  function unavailable() {
    if (failed || ready) return;
    failed = true;
    clearTimeout(timer);
    if (closeDialog) closeDialog();
    const link = element('a');
    link.href = `${origin}/donate`;
    link.textContent = UNAVAILABLE_TEXT;
    container.replaceChildren(link);
  }

  function makeFrame(): HTMLIFrameElement {
    const frame = element('iframe', { width: '100%', border: '0', display: 'block', overflow: 'hidden', height: '480px' });
    frame.title = title;
    frame.src = embedUrl(origin, data, location.origin);
    frame.setAttribute('scrolling', 'no');
    frame.setAttribute('allow', 'payment');
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
    const button = element('button');
    button.type = 'button';
    button.textContent = 'Donate';
    button.setAttribute('aria-haspopup', 'dialog');
    container.append(button);
    button.addEventListener(
      'click',
      guard(() => openDialog(button)),
    );
  } else {
    container.append(makeFrame());
  }

  function openDialog(opener: HTMLElement) {
    if (failed) return;
    const overlay = element('div', {
      position: 'fixed',
      inset: '0',
      zIndex: '2147483647',
      background: 'rgba(0,0,0,0.6)',
      display: 'flex',
      alignItems: 'flex-start',
      justifyContent: 'center',
      overflowY: 'auto',
      padding: '2rem 1rem',
    });
    const dialog = element('div', { background: '#fff', borderRadius: '8px', width: '100%', maxWidth: '40rem', padding: '0.5rem' });
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', title);
    const close = element('button', { display: 'block', marginLeft: 'auto' });
    close.type = 'button';
    close.textContent = 'Close';
    // Tabbing past the frame comes back to Close: focus stays in the dialog while it is open.
    const wrap = element('span');
    wrap.tabIndex = 0;
    dialog.append(close, makeFrame(), wrap);
    overlay.append(dialog);
    document.body.append(overlay);
    const previousOverflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';

    const onKey = guard((event: KeyboardEvent) => {
      if (event.key === 'Escape') closeDialog?.();
    });
    closeDialog = () => {
      closeDialog = null;
      document.removeEventListener('keydown', onKey, true);
      overlay.remove();
      iframe = null;
      clearTimeout(timer);
      document.documentElement.style.overflow = previousOverflow;
      opener.focus();
    };
    document.addEventListener('keydown', onKey, true);
    close.addEventListener('click', guard(() => closeDialog?.()));
    wrap.addEventListener('focus', guard(() => close.focus()));
    overlay.addEventListener(
      'click',
      guard((event: MouseEvent) => {
        if (event.target === overlay) closeDialog?.();
      }),
    );
    close.focus();
  }

  // The frame's own load says little (an error page loads too): the server's health answer, with no-cors so no CORS
  // setup is needed; a network failure rejects. /api/health allows cross-origin reads of this kind (CORP).
  fetch(`${origin}/api/health`, { mode: 'no-cors', cache: 'no-store', credentials: 'omit' }).catch(guard(unavailable));
}

guard(() => {
  // Captured now: document.currentScript is null once this first, synchronous run is over.
  const script = document.currentScript;
  if (script instanceof HTMLScriptElement) start(script);
  else warn('widget.js must be loaded with a <script src> tag.');
})();
