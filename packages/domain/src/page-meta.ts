// What each public page tells search engines and link previews (issue 19): its description, one table for the site's
// pages (their tags) and the API (which adds the canonical address). Titles are the pages' own ('Campaigns | …').
import { ORGANISATION } from './organisation';

export interface PublicPageMeta {
  /** The document title: 'Campaigns | Bright Beginnings Foundation', or the organisation's name for the home page. */
  title: string;
  /** One or two sentences, under ~160 characters: what a search result or a preview shows under the title. */
  description: string;
}

const titled = (page: string) => `${page} | ${ORGANISATION.name}`;

export const PUBLIC_PAGE_META = {
  '/': {
    title: ORGANISATION.name,
    description: ORGANISATION.short_description,
  },
  '/about': {
    title: titled('About'),
    description: `Who we are and how ${ORGANISATION.name} cares for infants and children: education, health, nutrition, family support and child protection.`,
  },
  '/campaigns': {
    title: titled('Campaigns'),
    description: `Fundraising campaigns of ${ORGANISATION.name}: see what each one is for, how far it has come, and give to the one you care about.`,
  },
  '/contact': {
    title: titled('Contact'),
    description: `Write to ${ORGANISATION.name}, call or visit us: questions about donations, volunteering, partnerships and our work with children.`,
  },
  '/donate': {
    title: titled('Donate'),
    description: `Donate online to ${ORGANISATION.name} and give infants and children healthcare, nutritious meals, schooling and safe homes. Secure card payments from India and abroad, one-time or monthly; 80G tax benefit for donors in India.`,
  },
  '/events': {
    title: titled('Events'),
    description: `Upcoming and past events of ${ORGANISATION.name}: health camps, school kit drives and community days, with photo galleries.`,
  },
} as const satisfies Record<string, PublicPageMeta>;

export type PublicPagePath = keyof typeof PUBLIC_PAGE_META;

export function publicPageMeta(path: string): PublicPageMeta | null {
  return (PUBLIC_PAGE_META as Record<string, PublicPageMeta>)[path] ?? null;
}
