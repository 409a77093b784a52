/**
 * The name of a slideshow's play/pause toggle as it first renders. A show left to the system's setting starts
 * by itself, so its toggle says 'Pause slideshow', unless the system asks for reduced motion: then it waits
 * for the visitor and says 'Play slideshow'. Vitest runs the stories without that preference; the visual test
 * (e2e/visual) sets it so its screenshots are still, and a play function must pass in both.
 */
export function initialToggleName(): 'Pause slideshow' | 'Play slideshow' {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'Play slideshow' : 'Pause slideshow';
}
