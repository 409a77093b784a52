import { parseEventList } from '@charity/domain';
import { describe, expect, it } from 'vitest';
import { galleryImages } from './gallery-images';

// What the events page hands the gallery and its lightbox: every stored size in srcSet, so a full-screen photo
// is fetched at 2048 px and not enlarged from the 800-px file_path (issue 19).

const base = '/uploads/events/aaaaaaaaaaaaaaaaaaaaaaaa';
const [event] = parseEventList({
  success: true,
  data: {
    events: [
      {
        id: 3,
        title: 'Community Health Drive',
        description: 'd',
        date: '2024-05-01',
        location: null,
        impact: null,
        status: 'completed',
        images: [
          {
            id: 11,
            file_path: `${base}-800.webp`,
            width: 800,
            height: 533,
            variants: [400, 800, 1200, 1600, 2048].map((width) => ({ width, url: `${base}-${width}.webp` })),
          },
          { id: 12, file_path: '/uploads/events/bbbbbbbbbbbbbbbbbbbbbbbb-300.webp', width: 300, height: 200, variants: [{ width: 300, url: '/uploads/events/bbbbbbbbbbbbbbbbbbbbbbbb-300.webp' }] },
        ],
        created_at: '2024-05-02T10:00:00.000Z',
        updated_at: '2024-05-02T10:00:00.000Z',
      },
    ],
  },
});

describe('galleryImages', () => {
  it('offers every stored size, up to 2048 px, with the 800 one as src', () => {
    const [photo] = galleryImages(event!);
    expect(photo).toEqual({
      key: 11,
      src: `${base}-800.webp`,
      srcSet: `${base}-400.webp 400w, ${base}-800.webp 800w, ${base}-1200.webp 1200w, ${base}-1600.webp 1600w, ${base}-2048.webp 2048w`,
      width: 800,
      height: 533,
      alt: 'Photo 1 of 2 from Community Health Drive',
    });
  });

  it('resolves the sizes against the API origin when the site is served from elsewhere', () => {
    const [photo] = galleryImages(event!, 'https://api.example.org');
    expect(photo!.src).toBe(`https://api.example.org${base}-800.webp`);
    expect(photo!.srcSet?.split(', ').at(-1)).toBe(`https://api.example.org${base}-2048.webp 2048w`);
  });

  it('gives a photo stored at one size no srcSet: its file is all there is', () => {
    const [, small] = galleryImages(event!);
    expect(small).toMatchObject({ key: 12, src: '/uploads/events/bbbbbbbbbbbbbbbbbbbbbbbb-300.webp', srcSet: undefined, alt: 'Photo 2 of 2 from Community Health Drive' });
  });
});
