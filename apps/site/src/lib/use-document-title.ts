import { useEffect } from 'react';
import { SITE_TITLE } from './site';

/** Sets the tab title for the current page ("Campaigns | …"); screen readers announce it on navigation. */
export function useDocumentTitle(pageTitle?: string): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} | ${SITE_TITLE}` : SITE_TITLE;
  }, [pageTitle]);
}
