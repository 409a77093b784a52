import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button, Lightbox, type GalleryImage, type LightboxProps } from '@charity/ui';
import { componentDocs } from './support/docs';

/** A photo-like placeholder drawn at `width` × two thirds of it. */
function photoSvg(label: string, colour: string, width = 1200): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${(width * 2) / 3}" viewBox="0 0 1200 800"><rect width="1200" height="800" fill="${colour}"/><circle cx="600" cy="340" r="150" fill="#ffffff" fill-opacity="0.35"/><text x="600" y="680" font-family="sans-serif" font-size="64" text-anchor="middle" fill="#ffffff">${label}</text></svg>`;
}

/** The placeholder as an inline SVG data URI: no network in stories. */
function photo(label: string, colour: string): string {
  return `data:image/svg+xml,${encodeURIComponent(photoSvg(label, colour))}`;
}

/** The width of each file the sized photos below are stored at, by URL: which one the browser fetched. */
const FILE_WIDTHS = new Map<string, number>();

/** A photo stored at several widths, as the API answers it ('…-400.webp 400w, …'); each file names its width. */
function sized(key: number, label: string, colour: string, widths: readonly number[]): GalleryImage {
  // Blob URLs, not data URIs: Chromium counts every data URI as already cached and then takes the widest.
  const file = (width: number) => {
    const url = URL.createObjectURL(new Blob([photoSvg(`${label} ${width}`, colour, width)], { type: 'image/svg+xml' }));
    FILE_WIDTHS.set(url, width);
    return url;
  };
  return {
    key,
    src: file(widths.includes(800) ? 800 : widths[widths.length - 1]!),
    srcSet: widths.map((width) => `${file(width)} ${width}w`).join(', '),
    width: 1200,
    height: 800,
    alt: `Photo ${key} of 2 from Community Health Camp`,
  };
}
const STORED_WIDTHS = [400, 800, 1200, 1600, 2048] as const;
/** New files for each story: Chromium prefers a file it already holds, so one story's fetch would steer the next's. */
const sizedPhotos = (): GalleryImage[] => [sized(1, 'Checkups', '#1d5fa8', STORED_WIDTHS), sized(2, 'Meals', '#1e7b3c', [400, 600])];

const IMAGES: GalleryImage[] = [
  { key: 1, src: photo('Checkups', '#1d5fa8'), width: 1200, height: 800, alt: 'Photo 1 of 3 from Community Health Camp' },
  { key: 2, src: photo('Meals', '#1e7b3c'), width: 1200, height: 800, alt: 'Photo 2 of 3 from Community Health Camp' },
  { key: 3, src: photo('Games', '#8a5300'), width: 1200, height: 800, alt: 'Photo 3 of 3 from Community Health Camp' },
];

/** Controlled as the gallery uses it, with a trigger so focus can return to it. */
function Controlled(props: LightboxProps) {
  const [index, setIndex] = useState<number | null>(props.index);
  return (
    <>
      <Button onClick={() => setIndex(0)}>Open photos</Button>
      <Lightbox
        {...props}
        index={index}
        onIndexChange={(next) => {
          props.onIndexChange(next);
          setIndex(next);
        }}
        onClose={() => {
          props.onClose();
          setIndex(null);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Events/Lightbox',
  component: Lightbox,
  parameters: {
    docs: componentDocs({
      summary: 'Full-screen photo viewer with previous/next, swipe and a counter.',
      usage: `<Lightbox images={images} index={index} onIndexChange={setIndex} onClose={close} label="Event Gallery" />`,
      a11y: [
        'A modal dialog: Arrow Left/Right change photo, Escape closes and focus returns to the opened photo.',
        '\'Photo 2 of 8\' is announced through a polite, atomic live region.',
      ],
    }),
  },
  args: { images: IMAGES, index: 0, onIndexChange: fn(), onClose: fn(), label: 'Event Gallery' },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof Lightbox>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
/** The open viewer, once its fade-in has started (an element at opacity 0 does not count as visible). */
async function dialog() {
  const viewer = await body.findByRole('dialog', { name: 'Event Gallery' });
  await waitFor(() => expect(viewer).toBeVisible());
  return viewer;
}
const shown = async () => within(await dialog()).getByRole<HTMLImageElement>('img');

/** Opens on the first photo: '1 of 3', Close, Previous and Next; focus starts on Close. */
export const First: Story = {
  play: async () => {
    const viewer = await dialog();
    await expect(within(viewer).getByText('1 of 3')).toBeVisible();
    await expect(await shown()).toHaveAccessibleName('Photo 1 of 3 from Community Health Camp');
    await expect(within(viewer).getByRole('button', { name: 'Previous image' })).toBeVisible();
    await expect(within(viewer).getByRole('button', { name: 'Next image' })).toBeVisible();
    await waitFor(() => expect(within(viewer).getByRole('button', { name: 'Close' })).toHaveFocus());
  },
};

export const Middle: Story = {
  args: { index: 1 },
  play: async () => {
    await expect(within(await dialog()).getByText('2 of 3')).toBeVisible();
    await expect(await shown()).toHaveAccessibleName('Photo 2 of 3 from Community Health Camp');
  },
};

export const Last: Story = {
  args: { index: 2 },
  play: async () => {
    await expect(within(await dialog()).getByText('3 of 3')).toBeVisible();
  },
};

/** Next from the last photo wraps to the first. */
export const WrapsNextFromLastToFirst: Story = {
  args: { index: 2 },
  play: async ({ args }) => {
    const viewer = await dialog();
    await userEvent.click(within(viewer).getByRole('button', { name: 'Next image' }));
    await expect(args.onIndexChange).toHaveBeenCalledWith(0);
    await expect(within(viewer).getByText('1 of 3')).toBeVisible();
    await expect(await shown()).toHaveAccessibleName('Photo 1 of 3 from Community Health Camp');
  },
};

/** Previous from the first photo wraps to the last. */
export const WrapsPreviousFromFirstToLast: Story = {
  play: async ({ args }) => {
    const viewer = await dialog();
    await userEvent.click(within(viewer).getByRole('button', { name: 'Previous image' }));
    await expect(args.onIndexChange).toHaveBeenCalledWith(2);
    await expect(within(viewer).getByText('3 of 3')).toBeVisible();
  },
};

/** ArrowRight and ArrowLeft move, wrapping too. */
export const ArrowKeys: Story = {
  play: async () => {
    const viewer = await dialog();
    await waitFor(() => expect(within(viewer).getByRole('button', { name: 'Close' })).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}');
    await expect(within(viewer).getByText('2 of 3')).toBeVisible();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect(within(viewer).getByText('3 of 3')).toBeVisible();
  },
};

/** A swipe of more than 50 px moves (left → next, right → previous); a shorter one does nothing. */
export const Swipe: Story = {
  play: async () => {
    const viewer = await dialog();
    const swipe = (from: number, to: number) => {
      const start = new Touch({ identifier: 1, target: viewer, clientX: from, clientY: 300 });
      const end = new Touch({ identifier: 1, target: viewer, clientX: to, clientY: 300 });
      fireEvent(viewer, new TouchEvent('touchstart', { touches: [start], changedTouches: [start], bubbles: true }));
      fireEvent(viewer, new TouchEvent('touchend', { touches: [], changedTouches: [end], bubbles: true }));
    };
    // findByText: React renders the new slide after the event, at once under Vitest's act() but a moment later
    // in the built Storybook (production React, no act()), where getByText looked too early.
    swipe(400, 300);
    await expect(await within(viewer).findByText('2 of 3')).toBeVisible();
    swipe(300, 360);
    await expect(await within(viewer).findByText('1 of 3')).toBeVisible();
    swipe(300, 340);
    await expect(within(viewer).getByText('1 of 3')).toBeVisible();
  },
};

/** Escape closes, and focus goes back to what opened the viewer. */
export const EscapeCloses: Story = {
  args: { index: null },
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Open photos' });
    await userEvent.click(trigger);
    await dialog();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledOnce();
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** A click on the dark backdrop closes; a click on the photo does not. */
export const BackdropClickCloses: Story = {
  play: async ({ args }) => {
    const viewer = await dialog();
    await userEvent.click(await shown());
    await expect(args.onClose).not.toHaveBeenCalled();
    await userEvent.click(within(viewer).getByTestId('lightbox-backdrop'));
    await expect(args.onClose).toHaveBeenCalledOnce();
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
  },
};

export const CloseButton: Story = {
  play: async ({ args }) => {
    await userEvent.click(within(await dialog()).getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

/** Tab never leaves the viewer. */
export const FocusTrapped: Story = {
  play: async () => {
    const viewer = await dialog();
    for (let i = 0; i < 5; i += 1) {
      await userEvent.tab();
      await expect(viewer.contains(document.activeElement)).toBe(true);
    }
  },
};

/** One photo: '1 of 1' and no previous/next. */
export const SinglePhoto: Story = {
  args: { images: IMAGES.slice(0, 1) },
  play: async () => {
    const viewer = await dialog();
    await expect(within(viewer).getByText('1 of 1')).toBeVisible();
    await expect(within(viewer).queryByRole('button', { name: 'Next image' })).toBeNull();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async () => {
    await expect(within(await dialog()).getByText('1 of 3')).toBeVisible();
  },
};

/**
 * What the browser must fetch for a photo shown `shown` CSS px wide: the narrowest file with enough pixels for
 * the screen's density, or the widest there is.
 */
function expectedFile(widths: readonly number[], shown: number): number {
  return widths.find((width) => width >= shown * window.devicePixelRatio) ?? widths[widths.length - 1]!;
}

/** The width (CSS px) the stage leaves a 3:2 photo: the viewport less the stage's padding, or its height × 1.5. */
function stageWidthFor3by2(): number {
  const rem = 16;
  const sides = window.innerWidth >= 768 ? 10 * rem : 2 * rem;
  return Math.min(window.innerWidth - sides, (window.innerHeight - 8.5 * rem) * 1.5);
}

/**
 * Sharp in full screen (issue 19): a photo stored at 400 to 2048 px offers every size, and `sizes` names the
 * width it is shown at (the stage's width, or its height × the aspect ratio), so the browser fetches the file
 * that fills it, not a smaller one it would enlarge nor one larger than needed.
 */
export const SharpSizes: Story = {
  args: { images: sizedPhotos() },
  play: async () => {
    const img = await shown();
    await expect(img.getAttribute('srcset')!.match(/(?<= )\d+w(?=,|$)/g)).toEqual(['400w', '800w', '1200w', '1600w', '2048w']);
    await expect(img).toHaveAttribute(
      'sizes',
      '(min-width: 768px) min(100vw - 10rem, (100vh - 8.5rem) * 1.5, 2048px), min(100vw - 2rem, (100vh - 8.5rem) * 1.5, 2048px)',
    );
    const width = stageWidthFor3by2();
    await waitFor(() => expect(img.complete && img.currentSrc !== '').toBe(true));
    const chosen = expectedFile(STORED_WIDTHS, width);
    await expect(FILE_WIDTHS.get(img.currentSrc)).toBe(chosen);
    // Shown at that width (the browser takes the sizes as the photo's own size): filled, not shrunk.
    await expect(Math.abs(img.getBoundingClientRect().width - width)).toBeLessThan(1.5);
  },
};

/** A photo stored no wider than 600 px is shown at most 600 px wide, not blurred up to the screen's width. */
export const SmallPhotoNotEnlarged: Story = {
  args: { images: sizedPhotos(), index: 1 },
  play: async () => {
    const img = await shown();
    await expect(img).toHaveAccessibleName('Photo 2 of 2 from Community Health Camp');
    await expect(img).toHaveAttribute(
      'sizes',
      '(min-width: 768px) min(100vw - 10rem, (100vh - 8.5rem) * 1.5, 600px), min(100vw - 2rem, (100vh - 8.5rem) * 1.5, 600px)',
    );
    await waitFor(() => expect(img.complete && img.currentSrc !== '').toBe(true));
    const width = Math.min(stageWidthFor3by2(), 600);
    await expect(FILE_WIDTHS.get(img.currentSrc)).toBe(expectedFile([400, 600], width));
    await expect(Math.abs(img.getBoundingClientRect().width - width)).toBeLessThan(1.5);
  },
};

/** The same on a phone: the photo fills the screen's width less the stage's sides. */
export const SharpSizesMobile: Story = {
  ...SharpSizes,
  args: { images: sizedPhotos() },
  globals: { viewport: { value: 'mobile2', isRotated: false } },
};
