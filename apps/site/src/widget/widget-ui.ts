// What widget.js draws on the partner's page: the 'Donate' launcher (data-mode="button"), the dialog around the frame,
// and the message shown when the form cannot be shown there. Plain DOM with styles set through the CSSOM (a partner's
// CSP without 'unsafe-inline' styles still lets them apply), coloured from the partner's data-theme by the embed page's
// own palette (../embed/theme.ts), so the launcher, the dialog and the form inside the frame match. Nothing here starts
// a request or a timer of its own: widget.ts wires these parts; the stories (stories/PartnerWidget.stories.tsx) show them.

import { DEFAULT_THEME_COLOUR, readThemeColour, themePalette, type ThemePalette } from '../embed/theme';

/** The site's focus ring (tokens.css --cs-focus-ring-color): the same ring as inside the frame. */
export const FOCUS_RING_COLOUR = '#1d4ed8';
/** The site's text colour (tokens.css --cs-color-text). */
const TEXT_COLOUR = '#2b2118';

export const WIDGET_TEXT = {
  launcher: 'Donate',
  close: 'Close',
  /** The page's origin is not one the charity lets frame its form (PARTNER_ORIGINS), or the frame was refused. */
  blocked: "The donation form can't be shown on this site.",
  blockedLink: (organisation: string) => `Donate on the ${organisation} website`,
  newTab: ' (opens in a new tab)',
} as const;

/** The partner's data-theme as the widget's colours (the charity's own without one, or with a bad value). */
export function widgetPalette(theme: string | undefined): ThemePalette {
  return themePalette(readThemeColour(theme) ?? DEFAULT_THEME_COLOUR);
}

export function warn(error: unknown) {
  try {
    console.warn('[donate widget]', error);
  } catch {
    // A console that throws is not ours to fix.
  }
}

/** `fn` that never throws: the partner's page must not see an error of ours. */
export function guard<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  return (...args: A) => {
    try {
      fn(...args);
    } catch (error) {
      warn(error);
    }
  };
}

export function element<K extends keyof HTMLElementTagNameMap>(tag: K, styles: Partial<CSSStyleDeclaration> = {}): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  // CSSOM, not style attributes: a partner's CSP without 'unsafe-inline' styles still lets these apply.
  Object.assign(el.style, styles);
  return el;
}

function focusVisible(el: HTMLElement): boolean {
  try {
    return el.matches(':focus-visible');
  } catch {
    // A browser without :focus-visible: every focus shows the ring.
    return true;
  }
}

/**
 * A visible ring while the element has keyboard focus. Inline styles cannot say :focus-visible, so the focus event
 * asks the browser whether it would show one, as a stylesheet's rule would.
 */
function withFocusRing(el: HTMLElement) {
  el.addEventListener(
    'focus',
    guard(() => {
      if (!focusVisible(el)) return;
      el.style.outline = `3px solid ${FOCUS_RING_COLOUR}`;
      el.style.outlineOffset = '2px';
    }),
  );
  el.addEventListener(
    'blur',
    guard(() => {
      el.style.outline = '';
      el.style.outlineOffset = '';
    }),
  );
}

/**
 * A button (or a link drawn as one) in the partner's colour, its text white or dark as AA requires, darker or lighter
 * under the pointer; a transparent border that forced-colours mode draws, so it keeps its edge there.
 */
export function filled<T extends HTMLElement>(el: T, palette: ThemePalette, size: 'md' | 'sm' = 'md'): T {
  Object.assign(el.style, {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box',
    minHeight: size === 'md' ? '2.75rem' : '2.25rem',
    margin: '0',
    padding: size === 'md' ? '0.625rem 1.5rem' : '0.375rem 1rem',
    border: '2px solid transparent',
    borderRadius: '0.375rem',
    background: palette.primary,
    color: palette.contrast,
    fontFamily: 'inherit',
    fontSize: '1rem',
    fontWeight: '600',
    lineHeight: '1.25',
    textDecoration: 'none',
    cursor: 'pointer',
  } satisfies Partial<CSSStyleDeclaration>);
  el.addEventListener(
    'mouseenter',
    guard(() => {
      el.style.background = palette.hover;
    }),
  );
  el.addEventListener(
    'mouseleave',
    guard(() => {
      el.style.background = palette.primary;
    }),
  );
  withFocusRing(el);
  return el;
}

/** The 'Donate' button of data-mode="button", which opens the form in a dialog. */
export function createLauncher(palette: ThemePalette): HTMLButtonElement {
  const button = filled(element('button'), palette);
  button.type = 'button';
  button.textContent = WIDGET_TEXT.launcher;
  button.setAttribute('aria-haspopup', 'dialog');
  return button;
}

export interface DialogOptions {
  /** Focus returns here when the dialog closes. */
  opener: HTMLElement;
  /** The dialog's accessible name. */
  title: string;
  /** What the dialog shows: the embed page's iframe (a stand-in in the stories). */
  content: HTMLElement;
  palette: ThemePalette;
  /** After the dialog is gone (any way it closed). */
  onClosed?: () => void;
}

/**
 * A modal dialog over the partner's page with 'Close' and the content: focus on Close, kept inside while it is open
 * (tabbing past the content comes back to Close), Escape or a click outside closes it, the page does not scroll
 * behind it, and focus returns to the opener. Returns the function that closes it.
 */
export function openDialog({ opener, title, content, palette, onClosed }: DialogOptions): () => void {
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
  const dialog = element('div', {
    boxSizing: 'border-box',
    background: '#fff',
    borderRadius: '8px',
    borderTop: `6px solid ${palette.primary}`,
    width: '100%',
    maxWidth: '40rem',
    padding: '0.5rem',
  });
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-label', title);
  const bar = element('div', { display: 'flex', justifyContent: 'flex-end', marginBottom: '0.25rem' });
  const close = filled(element('button'), palette, 'sm');
  close.type = 'button';
  close.textContent = WIDGET_TEXT.close;
  bar.append(close);
  // Tabbing past the frame comes back to Close: focus stays in the dialog while it is open.
  const wrap = element('span');
  wrap.tabIndex = 0;
  dialog.append(bar, content, wrap);
  overlay.append(dialog);
  document.body.append(overlay);
  const previousOverflow = document.documentElement.style.overflow;
  document.documentElement.style.overflow = 'hidden';

  let open = true;
  const closeDialog = guard(() => {
    if (!open) return;
    open = false;
    document.removeEventListener('keydown', onKey, true);
    overlay.remove();
    document.documentElement.style.overflow = previousOverflow;
    opener.focus();
    if (onClosed) onClosed();
  });
  const onKey = guard((event: KeyboardEvent) => {
    if (event.key === 'Escape') closeDialog();
  });
  document.addEventListener('keydown', onKey, true);
  close.addEventListener('click', closeDialog);
  wrap.addEventListener(
    'focus',
    guard(() => close.focus()),
  );
  overlay.addEventListener(
    'click',
    guard((event: MouseEvent) => {
      if (event.target === overlay) closeDialog();
    }),
  );
  close.focus();
  return closeDialog;
}

/** The charity's /donate for this widget: with its campaign when data-campaign names one. */
export function donateUrl(origin: string, campaign: string | undefined): string {
  const id = campaign?.trim() ?? '';
  return /^[1-9]\d{0,8}$/.test(id) ? `${origin}/donate?campaign=${id}` : `${origin}/donate`;
}

/** Seen by the screen reader as text, not drawn (the usual visually-hidden rules). */
function visuallyHidden(text: string): HTMLSpanElement {
  const span = element('span', {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: '0',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: '0',
  });
  span.textContent = text;
  return span;
}

export interface BlockedMessage {
  /** The status box: put it on the page as it is, empty. */
  box: HTMLDivElement;
  /** The link to the charity's /donate (new tab). */
  link: HTMLAnchorElement;
  /** Puts the sentence and the link in: a moment after the box is on the page, so screen readers announce them. */
  fill: () => void;
}

/**
 * 'The donation form can't be shown on this site.' and a link to donate on the charity's own site (a new tab, so the
 * partner's page stays): a status message, in a box edged with the partner's colour, the link drawn as its button.
 */
export function blockedMessage(palette: ThemePalette, href: string, organisation: string): BlockedMessage {
  const box = element('div', {
    boxSizing: 'border-box',
    maxWidth: '40rem',
    padding: '1rem 1.25rem',
    border: `2px solid ${palette.primary}`,
    borderRadius: '8px',
    background: '#fff',
    color: TEXT_COLOUR,
    fontFamily: 'inherit',
    fontSize: '1rem',
    lineHeight: '1.5',
  });
  box.setAttribute('role', 'status');
  const text = element('p', { margin: '0 0 0.75rem' });
  text.textContent = WIDGET_TEXT.blocked;
  const link = filled(element('a'), palette);
  link.href = href;
  link.target = '_blank';
  link.rel = 'noopener';
  // The arrow says 'new tab' to the eye, the hidden words to a screen reader.
  const arrow = element('span', { marginLeft: '0.5em' });
  arrow.setAttribute('aria-hidden', 'true');
  arrow.textContent = '↗';
  link.append(WIDGET_TEXT.blockedLink(organisation), visuallyHidden(WIDGET_TEXT.newTab), arrow);
  return { box, link, fill: () => box.replaceChildren(text, link) };
}
