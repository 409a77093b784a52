import { describe, expect, it } from 'vitest';
import { SCENE_NAMES, WIDTHS } from '../../../scripts/illustrations/scenes.mjs';
import { FOCUS_SLIDES, HERO_SLIDES, ILLUSTRATION_WIDTHS, illustration } from './content';

describe('home slides', () => {
  it('has 8 hero slides and 3 focus slides (Education, Health, Food), each captioned with a shorter mobile caption', () => {
    expect(HERO_SLIDES).toHaveLength(8);
    expect(FOCUS_SLIDES.map((slide) => slide.captionShort)).toEqual(['Education', 'Health', 'Food']);
    for (const slide of [...HERO_SLIDES, ...FOCUS_SLIDES]) {
      expect(slide.caption.length).toBeGreaterThan(0);
      expect(slide.captionShort?.length).toBeGreaterThan(0);
      expect(slide.captionShort!.length).toBeLessThan(slide.caption.length);
      expect(slide.image.alt).toMatch(/^Illustration: .{30,}\.$/);
    }
    expect(new Set(HERO_SLIDES.map((slide) => slide.id)).size).toBe(8);
  });

  it('refers only to illustrations the build draws, and uses every one of them', () => {
    const used = [...HERO_SLIDES, ...FOCUS_SLIDES].map((slide) => slide.id);
    expect([...used].sort()).toEqual([...SCENE_NAMES].sort());
  });

  it('offers AVIF then WebP at every generated width, with the intrinsic size set', () => {
    const image = illustration('hero-play', 'Illustration: test.', '100vw');
    expect(image).toMatchObject({
      src: '/images/generated/hero-play-960.webp',
      width: 1600,
      height: 1000,
      sizes: '100vw',
      srcSet: '/images/generated/hero-play-480.webp 480w, /images/generated/hero-play-960.webp 960w, /images/generated/hero-play-1600.webp 1600w',
      sources: [
        {
          type: 'image/avif',
          srcSet:
            '/images/generated/hero-play-480.avif 480w, /images/generated/hero-play-960.avif 960w, /images/generated/hero-play-1600.avif 1600w',
        },
      ],
    });
    expect(ILLUSTRATION_WIDTHS).toEqual(WIDTHS);
  });
});
