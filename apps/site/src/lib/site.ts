import { ORGANISATION } from '@charity/domain';

/** Suffix of every document title; the home page uses it alone. index.html carries the same name. */
export const SITE_TITLE = ORGANISATION.name;
