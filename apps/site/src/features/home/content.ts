import type { Slide, SlideImage } from '@charity/ui';

/*
 * The home page's slides. The pictures are illustrations drawn by the project (scripts/illustrations/scenes.mjs)
 * and rendered at build time to AVIF and WebP at these widths (scripts/make-illustrations.mjs); each alt text
 * says what its scene shows. The captions are ours; the short ones replace them below 768px.
 */

/** Must match WIDTHS in scripts/illustrations/scenes.mjs (content.test.ts checks). */
export const ILLUSTRATION_WIDTHS = [480, 960, 1600] as const;
/** The drawings' intrinsic size (8:5); the box is reserved before they load, so nothing shifts. */
export const ILLUSTRATION_SIZE = { width: 1600, height: 1000 } as const;
const BASE = '/images/generated';

/*
 * How wide each slideshow is drawn, so the browser picks the right file: the hero's picture column is about
 * 560px on a wide screen and just over half the viewport from 768px; the focus section's from 900px. Below
 * that each spans the page.
 */
export const HERO_IMAGE_SIZES = '(min-width: 1160px) 560px, (min-width: 768px) 53vw, 100vw';
export const FOCUS_IMAGE_SIZES = '(min-width: 1160px) 570px, (min-width: 900px) 53vw, 100vw';

function srcSet(name: string, ext: 'avif' | 'webp'): string {
  return ILLUSTRATION_WIDTHS.map((width) => `${BASE}/${name}-${width}.${ext} ${width}w`).join(', ');
}

/** The responsive image of one generated illustration: AVIF first, WebP as the fallback. */
export function illustration(name: string, alt: string, sizes: string): SlideImage {
  return {
    src: `${BASE}/${name}-960.webp`,
    srcSet: srcSet(name, 'webp'),
    sizes,
    alt,
    ...ILLUSTRATION_SIZE,
    sources: [{ type: 'image/avif', srcSet: srcSet(name, 'avif') }],
  };
}

function slide(name: string, alt: string, caption: string, captionShort: string, sizes: string): Slide {
  return { id: name, image: illustration(name, alt, sizes), caption, captionShort };
}

export const HERO_SLIDES: readonly Slide[] = [
  slide(
    'hero-learning',
    'Illustration: a volunteer tutor on a stool reads with three children sitting on a red mat under the trees.',
    'Children learning together with a volunteer tutor, one open book at a time',
    'Learning together',
    HERO_IMAGE_SIZES,
  ),
  slide(
    'hero-health',
    'Illustration: a nurse listens to a young girl’s heartbeat with a stethoscope while a mother holding her baby waits on a bench.',
    'Free health checkups help us catch problems early and keep children well',
    'Health checkups',
    HERO_IMAGE_SIZES,
  ),
  slide(
    'hero-meal',
    'Illustration: four children sit at a long table with plates of food while a cook serves from a steaming pot.',
    'A warm, nutritious meal shared with friends gives children the energy to learn and play',
    'Meals shared with friends',
    HERO_IMAGE_SIZES,
  ),
  slide(
    'hero-family',
    'Illustration: a father, a mother holding a baby and their young son stand together in front of their home.',
    'When families are supported, children grow up in stable, loving homes',
    'Stronger families',
    HERO_IMAGE_SIZES,
  ),
  slide(
    'hero-play',
    'Illustration: children play in a park, one flying a kite and two throwing a ball to each other.',
    'Every child deserves time to play, laugh and simply be a child',
    'Time to play',
    HERO_IMAGE_SIZES,
  ),
  slide(
    'hero-reading',
    'Illustration: a girl reads a book on a yellow cushion while a boy takes a book from a full bookshelf.',
    'Reading corners full of books open up new worlds for curious minds',
    'The joy of reading',
    HERO_IMAGE_SIZES,
  ),
  slide(
    'hero-classroom',
    'Illustration: a teacher points to shapes on a chalkboard while three pupils sit at their desks, one with her hand up.',
    'Child-friendly classrooms where every question is welcome',
    'Classrooms that care',
    HERO_IMAGE_SIZES,
  ),
  slide(
    'hero-community',
    'Illustration: adults and children plant saplings together under colourful bunting, one adult carrying a watering can.',
    'Neighbours, volunteers and children building a caring community together',
    'Community together',
    HERO_IMAGE_SIZES,
  ),
];

export const FOCUS_SLIDES: readonly Slide[] = [
  slide(
    'focus-education',
    'Illustration: a girl with a backpack and a book walks to school with her little brother.',
    'Education: helping children get to school, and stay there',
    'Education',
    FOCUS_IMAGE_SIZES,
  ),
  slide(
    'focus-health',
    'Illustration: a nurse measures a boy’s height against a height chart while his mother holds a baby.',
    'Health: growth checks and care that keep children well',
    'Health',
    FOCUS_IMAGE_SIZES,
  ),
  slide(
    'focus-food',
    'Illustration: two children sit at a table with bowls of food and a basket of fruit while their mother serves from a pot.',
    'Food: balanced meals that help children grow strong',
    'Food',
    FOCUS_IMAGE_SIZES,
  ),
];

/** id of the focus-areas section, the hero's scroll-down target. */
export const FOCUS_SECTION_ID = 'focus-areas';
