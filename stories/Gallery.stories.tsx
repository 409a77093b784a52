import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Gallery, type GalleryImage } from '@charity/ui';
import { componentDocs } from './support/docs';

/** A photo-like placeholder as an inline SVG data URI, drawn at the given width for the srcset. */
function photo(label: string, colour: string, width = 800): string {
  const height = Math.round((width * 2) / 3);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 800"><rect width="1200" height="800" fill="${colour}"/><circle cx="600" cy="340" r="150" fill="#ffffff" fill-opacity="0.35"/><text x="600" y="680" font-family="sans-serif" font-size="64" text-anchor="middle" fill="#ffffff">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const image = (key: number, label: string, colour: string): GalleryImage => ({
  key,
  src: photo(label, colour),
  srcSet: `${photo(label, colour, 400)} 400w, ${photo(label, colour, 800)} 800w, ${photo(label, colour, 1600)} 1600w`,
  width: 800,
  height: 533,
  alt: `Photo ${key} of 4 from Community Health Camp`,
});

const PHOTOS = [image(1, 'Checkups', '#1d5fa8'), image(2, 'Meals', '#1e7b3c'), image(3, 'Games', '#8a5300'), image(4, 'Smiles', '#b3261e')];

const meta = {
  title: 'Events/Gallery',
  component: Gallery,
  parameters: {
    docs: componentDocs({
      summary: 'A grid of event photos; a photo opens the lightbox.',
      usage: `<Gallery images={photos} />`,
      a11y: [
        'Each photo is a button that opens the lightbox on it; focus returns to that photo when the lightbox closes.',
        'A photo that fails to load is hidden instead of showing a broken image; with no photos it says \'No images available for this event\'.',
      ],
    }),
  },
  args: { images: PHOTOS },
} satisfies Meta<typeof Gallery>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);

/** 'Event Gallery', '4 photos from this event', one lazy, responsive thumbnail button per photo. */
export const Photos: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Event Gallery' })).toBeVisible();
    await expect(canvas.getByText('4 photos from this event')).toBeVisible();
    const buttons = canvas.getAllByRole('button');
    await expect(buttons).toHaveLength(4);
    await expect(buttons[0]).toHaveAccessibleName('Photo 1 of 4 from Community Health Camp');
    const img = within(buttons[0]!).getByRole('img');
    await expect(img).toHaveAttribute('loading', 'lazy');
    await expect(img.getAttribute('srcset')).toContain('400w');
    await expect(img).toHaveAttribute('sizes', '(min-width: 768px) 33vw, 50vw');
  },
};

/** A thumbnail opens the lightbox on it; its arrows go round the photos (4 of 4, then 1 of 4). */
export const OpensLightbox: Story = {
  play: async ({ canvas }) => {
    const third = canvas.getByRole('button', { name: 'Photo 3 of 4 from Community Health Camp' });
    await userEvent.click(third);
    const viewer = await body.findByRole('dialog', { name: 'Event Gallery' });
    await waitFor(() => expect(within(viewer).getByText('3 of 4')).toBeVisible());
    await userEvent.click(within(viewer).getByRole('button', { name: 'Next image' }));
    await expect(within(viewer).getByText('4 of 4')).toBeVisible();
    await userEvent.click(within(viewer).getByRole('button', { name: 'Next image' }));
    await expect(within(viewer).getByText('1 of 4')).toBeVisible();
  },
};

/** Escape closes the lightbox and gives focus back to the photo that opened it. */
export const OpensLightboxThenEscape: Story = {
  name: 'Opens Lightbox → Escape',
  tags: ['!visual'], // Ends on the gallery as Default shows it: OpensLightbox shows the open lightbox.
  play: async (context) => {
    await OpensLightbox.play?.(context);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    const third = context.canvas.getByRole('button', { name: 'Photo 3 of 4 from Community Health Camp' });
    await waitFor(() => expect(third).toHaveFocus());
  },
};

/** One photo: '1 photo from this event'. */
export const OnePhoto: Story = {
  args: { images: PHOTOS.slice(0, 1) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('1 photo from this event')).toBeVisible();
  },
};

export const NoPhotos: Story = {
  args: { images: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Event Gallery' })).toBeVisible();
    await expect(canvas.getByText('No images available for this event')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(canvas.queryByText(/photos? from this event/)).toBeNull();
  },
};

/** A photo that fails to load is hidden, and left out of the count and the lightbox. */
export const BrokenImageHidden: Story = {
  args: {
    images: [PHOTOS[0]!, { key: 99, src: 'data:image/png;base64,broken', alt: 'A photo whose file is missing' }, PHOTOS[1]!],
  },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'A photo whose file is missing' })).toBeNull());
    await expect(canvas.getAllByRole('button')).toHaveLength(2);
    await expect(canvas.getByText('2 photos from this event')).toBeVisible();
    await userEvent.click(canvas.getAllByRole('button')[1]!);
    const viewer = await body.findByRole('dialog');
    await waitFor(() => expect(within(viewer).getByText('2 of 2')).toBeVisible());
    await userEvent.keyboard('{Escape}');
  },
};

/** Every photo broken: the empty message. */
export const AllBroken: Story = {
  args: { images: [{ key: 1, src: 'data:image/png;base64,broken', alt: 'Missing photo' }] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No images available for this event')).toBeVisible();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button')).toHaveLength(4);
  },
};
