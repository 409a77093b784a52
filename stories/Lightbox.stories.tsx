import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button, Lightbox, type GalleryImage, type LightboxProps } from '@charity/ui';
import { componentDocs } from './support/docs';

/** A photo-like placeholder as an inline SVG data URI: no network in stories. */
function photo(label: string, colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800"><rect width="1200" height="800" fill="${colour}"/><circle cx="600" cy="340" r="150" fill="#ffffff" fill-opacity="0.35"/><text x="600" y="680" font-family="sans-serif" font-size="64" text-anchor="middle" fill="#ffffff">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

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
const shown = async () => within(await dialog()).getByRole('img');

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
