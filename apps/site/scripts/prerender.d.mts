// Types for the build script's exports that apps/site/src/prerender-page.test.ts checks.
export declare function splitHoisted(html: string): { head: string; body: string };
export declare function pageHtml(template: string, url: string, mode: string, page: { html: string; title: string | null }): string;
