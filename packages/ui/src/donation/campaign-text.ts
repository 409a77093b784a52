/**
 * 'Donating to: {campaign title}' (spec §2, /donate's banner), also at the top of step 1 where a page has no banner
 * (the partner widget's frame). Its own module: the wizard's chunk must not pull in the /donate page's words and icons.
 */
export const DONATING_TO = 'Donating to:';
