// widget.js's timings and its one fixed sentence, apart from the script itself so that tests (e2e/widget.spec.ts)
// can read them without running it.

/** No load of the frame at all in this time: the charity's server is taken for unreachable. */
export const READY_TIMEOUT_MS = 10_000;
/**
 * The frame loaded but its page never said it is ready: the browser refused it (frame-ancestors, the partner's own
 * frame-src) or it broke. Generous: the page's scripts may start only after its load event (a frame out of view is
 * painted late), and a phone on a slow network then needs seconds to fetch and run them.
 */
export const LOAD_GRACE_MS = 10_000;
export const UNAVAILABLE_TEXT = 'Donations are unavailable right now';
