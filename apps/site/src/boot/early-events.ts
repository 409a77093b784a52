// What a visitor does on a prerendered page before React has attached to it, kept and done again once it has.
//
// A prerendered page (scripts/prerender.mjs) paints from its HTML; its scripts start only after that first paint
// (boot.ts), so the largest paint never waits for them (docs/decisions/009-prerendered-public-pages.md). Until React
// has hydrated a part of the page, its buttons have no handlers: a click there would do nothing (or submit a form the
// old way), and text typed into a field would be unknown to the form's state. React hydrates in pieces (the layout
// first, then each lazily loaded part when its code arrives) and drops a click on a piece it cannot hydrate yet. This
// module is the bridge, as Angular's event replay and Google's jsaction are: a click or submit on a control React has
// not hydrated yet is held back, and replayed, in order, as soon as React has hydrated that control; a field typed into
// meanwhile is announced to React first, so a held submit sees what was typed.
//
// Links are left alone: the server answers every public address with a page, so following a link works without
// any script.

/** Elements whose click does something only through script (or a form, which React handles as well). */
const SCRIPTED_CONTROLS =
  'button, summary, label, [role="button"], [role="tab"], [role="option"], [role="checkbox"], [role="radio"], [role="switch"], ' +
  'input[type="checkbox"], input[type="radio"], input[type="submit"], input[type="button"], input[type="reset"], input[type="image"]';

/** Text fields whose typed value React learns only from an input event it sees. */
const EDITABLE = 'input, textarea';

/** How often held actions are checked against React's progress. */
const CHECK_EVERY_MS = 50;

/**
 * Whether React has hydrated this element: React keeps each host element's props on the element under a key
 * `__reactProps$<random>` (React 16 to 19; the end-to-end test e2e/early-input.spec.ts fails if that ever changes).
 */
export function isHydrated(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
}

interface HeldAction {
  element: Element;
  run: () => void;
}

export interface EarlyEvents {
  /** How many actions are waiting for their element to be hydrated (for tests). */
  pending(): number;
  /** Stops holding events; what is held is dropped. */
  stop(): void;
}

/**
 * Starts holding back early clicks and submits inside `root`. `stopAfterMs`: a page whose script never arrives (it
 * failed to load) stops holding events after this long, so it is no worse than a page without this module.
 */
export function captureEarlyEvents(root: HTMLElement, { stopAfterMs = 20_000 } = {}): EarlyEvents {
  const doc = root.ownerDocument;
  const view = doc.defaultView ?? window;
  const held: HeldAction[] = [];
  const typed = new WeakMap<Element, string>();
  // The elements the server sent: only they wait for hydration. What the page draws later (the next wizard step, the
  // sandbox's card fields) was never inert, whether React or other script made it.
  const sent = new WeakSet<Element>(root.querySelectorAll('*'));
  const inert = (element: Element) => sent.has(element) && !isHydrated(element);
  let timer: number | undefined;

  const hold = (element: Element, run: () => void) => {
    held.push({ element, run });
    timer ??= view.setInterval(replayHydrated, CHECK_EVERY_MS);
  };

  // In order, as far as React has come: an action waits for every action before it, so a submit never overtakes the
  // typing before it, nor a second click the first.
  function replayHydrated() {
    while (held.length > 0) {
      const next = held[0] as HeldAction;
      if (next.element.isConnected && inert(next.element)) return;
      held.shift();
      if (next.element.isConnected) next.run();
    }
    view.clearInterval(timer);
    timer = undefined;
  }

  const onClick = (event: MouseEvent) => {
    // Only a person's own clicks: a replayed click (element.click()) comes back through here and must pass.
    if (!event.isTrusted || !(event.target instanceof view.Element) || !root.contains(event.target)) return;
    const control = event.target.closest(SCRIPTED_CONTROLS);
    if (!(control instanceof view.HTMLElement) || control.closest('a[href]') || (control as HTMLButtonElement).disabled) return;
    if (!inert(control) && held.length === 0) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    hold(control, () => control.click());
  };

  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!event.isTrusted || !(form instanceof view.HTMLFormElement) || !root.contains(form)) return;
    if (!inert(form) && held.length === 0) return;
    const submitter = event.submitter;
    event.preventDefault();
    event.stopImmediatePropagation();
    hold(form, () => form.requestSubmit(submitter && submitter.isConnected ? submitter : undefined));
  };

  const onInput = (event: Event) => {
    if (!(event.target instanceof view.Element) || !root.contains(event.target)) return;
    const field = event.target.closest(EDITABLE);
    if (!(field instanceof view.HTMLInputElement || field instanceof view.HTMLTextAreaElement) || !inert(field)) return;
    // The value as typed, kept: a controlled field React has just hydrated may be reset to its state before the
    // announcement runs. One announcement per field, with the last value typed.
    typed.set(field, field.value);
    if (!held.some((action) => action.element === field)) hold(field, () => announceValue(field, typed.get(field) ?? field.value));
  };

  // Capture phase on the document: ahead of React's listeners on #root, whatever order they were added in.
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('submit', onSubmit, true);
  doc.addEventListener('input', onInput, true);

  const stop = () => {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('submit', onSubmit, true);
    doc.removeEventListener('input', onInput, true);
    view.clearInterval(timer);
    view.clearTimeout(stopTimer);
    held.length = 0;
  };
  const stopTimer = view.setTimeout(stop, stopAfterMs);
  return { pending: () => held.length, stop };
}

/**
 * Makes React see a field's current value as a change: React compares the value with the last one it set through
 * the element's `value` property, so the field is set to '' through that property, back to what the visitor typed
 * through the prototype's setter (which React does not watch), and an input event is sent.
 */
function announceValue(field: HTMLInputElement | HTMLTextAreaElement, typed: string): void {
  if (typed === '') return;
  const prototype = Object.getPrototypeOf(field) as HTMLInputElement | HTMLTextAreaElement;
  const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (!setValue) return;
  field.value = '';
  setValue.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
