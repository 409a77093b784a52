/** Where a screen's data is: the page's store decides, the components show each state. */
export type AdminConsoleStatus = 'loading' | 'ready' | 'error';

/** The same three states, under the name the campaign and donation screens were published with. */
export type AdminRecordsStatus = AdminConsoleStatus;

/** The signed-in user as the admin shell and the events header show it (the API's /auth/me user). */
export interface AdminHeaderUser {
  full_name?: string | null;
  username?: unknown;
  role?: string | null;
}
