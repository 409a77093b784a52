import type { EventPhoto, EventRecord } from '@charity/domain';

// The built-in sample event of spec section 8 ("Fallback"): shown when the events cannot be fetched, so the
// page still shows what an event looks like. Its photos are the site's own illustrations (public/images,
// drawn by scripts/make-illustrations.mjs), never an external address.

const ILLUSTRATION_WIDTHS = [480, 960, 1600] as const;

function illustration(name: string): EventPhoto {
  return {
    id: `sample-${name}`,
    file_path: `/images/generated/${name}-960.webp`,
    url: null,
    width: 1600,
    height: 1000,
    variants: ILLUSTRATION_WIDTHS.map((width) => ({ width, url: `/images/generated/${name}-${width}.webp` })),
  };
}

export const SAMPLE_EVENT: EventRecord = {
  id: 'sample-community-health-nutrition-drive',
  title: 'Community Health and Nutrition Drive',
  description:
    'A day of free health checkups and nutritious meals for young children and their families. Volunteer doctors and nurses checked growth and general health, and families took home guidance on balanced, affordable meals.',
  date: null,
  location: 'Community centre',
  impact: 'Health checkups and a nutritious meal for every child who came, with follow-up care arranged where it was needed.',
  status: 'completed',
  images: [illustration('focus-health'), illustration('focus-food'), illustration('hero-meal')],
  created_at: null,
  updated_at: null,
};
