import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { BackToTop } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Layout/BackToTop',
  component: BackToTop,
  parameters: {
    layout: 'fullscreen',
    docs: componentDocs({
      summary: 'A floating \'Back to top\' button that appears after scrolling 300px.',
      usage: `<BackToTop />`,
      a11y: [
        'A native button with the accessible name \'Back to top\'.',
        'With `prefers-reduced-motion: reduce` the scroll jumps instead of animating.',
      ],
    }),
  },
  decorators: [
    (Story) => (
      <main style={{ minHeight: '400vh', padding: '1.5rem', fontFamily: 'system-ui' }}>
        <h1>A long page</h1>
        <p>Scroll down past 300px and the button appears in the bottom-right corner.</p>
        <Story />
      </main>
    ),
  ],
  beforeEach: () => {
    window.scrollTo(0, 0);
    return () => window.scrollTo(0, 0);
  },
} satisfies Meta<typeof BackToTop>;
export default meta;
type Story = StoryObj<typeof meta>;

/** At the top of the page there is no button. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Back to top' })).toBeNull();
    window.scrollTo(0, 300);
    await waitFor(() => expect(window.scrollY).toBe(300));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(canvas.queryByRole('button', { name: 'Back to top' })).toBeNull(); // 300 exactly: not yet
  },
};

/** Past 300px it appears; clicking it scrolls to the top, where it disappears again. */
export const VisibleAfterScroll: Story = {
  play: async ({ canvas }) => {
    window.scrollTo(0, 500);
    const button = await canvas.findByRole('button', { name: 'Back to top' });
    await expect(button).toBeVisible();
    await expect(getComputedStyle(button).position).toBe('fixed');
    await userEvent.click(button);
    await waitFor(() => expect(window.scrollY).toBe(0), { timeout: 3000 });
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Back to top' })).toBeNull());
    // Back down again so the story shows the button.
    window.scrollTo(0, 800);
    await canvas.findByRole('button', { name: 'Back to top' });
  },
};

export const CustomThreshold: Story = {
  args: { threshold: 100, label: 'Back to top' },
  play: async ({ canvas }) => {
    window.scrollTo(0, 150);
    await expect(await canvas.findByRole('button', { name: 'Back to top' })).toBeVisible();
  },
};
