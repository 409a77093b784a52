// The manage page's API client: the site's own client (createApiClient: the same retry rules, error catalogue and
// log lines as `api`), without a staff session (lib/api/api.ts sessionlessApi):
//
// - no bearer token: the gift calls carry the link's token (X-Gift-Token) and nothing else, so a staff member signed
//   in on the same browser never sends their session with a donor's call;
// - a 401 does not end the staff session: there it means the link is invalid, expired or revoked, which the page says
//   in the words of the reply (spec section 4's rule is about the admin session's token, which this never sends).
export { sessionlessApi as giftApi } from '../../../lib/api/api';
