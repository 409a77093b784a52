import { useEffect, useRef, type RefObject } from 'react';

/**
 * On every client-side navigation: back to the top, and keyboard/screen-reader focus to <main>,
 * so the new page is where reading starts (a full page load already does both by itself).
 */
export function useRouteChangeFocus(main: RefObject<HTMLElement | null>, pathname: string): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [pathname, main]);
}
