/** Where a console screen's data is: the page's store decides, the components show each state. */
export type AdminConsoleStatus = 'loading' | 'ready' | 'error';
