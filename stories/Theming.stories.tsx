import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CSSProperties } from 'react';
import { expect } from 'storybook/test';
import { Badge, Button, ProgressBar } from '@charity/ui';

// A partner's brand applied the documented way: custom properties set on a wrapping element, no CSS of the
// library overridden. Also used by stories/Theming.mdx.
const PARTNER_THEME = {
  '--cs-color-primary': '#0f5c8c',
  '--cs-color-primary-hover': '#0b4469',
  '--cs-color-primary-contrast': '#ffffff',
  '--cs-radius': '0.25rem',
  '--cs-radius-sm': '0.125rem',
  '--cs-font-family': "Georgia, 'Times New Roman', serif",
  '--cs-focus-ring-color': '#7a1fa2',
} as const;

function Sample() {
  return (
    <div style={{ display: 'grid', gap: '1rem', maxWidth: '24rem' }}>
      <p style={{ display: 'flex', gap: '0.75rem', margin: 0 }}>
        <Button>Donate</Button>
        <Button variant="outline">Learn More</Button>
        <Badge tone="blue">Featured</Badge>
      </p>
      <ProgressBar value={60} label="Funding progress" />
    </div>
  );
}

const meta = {
  title: 'Foundations/Theming',
  component: Sample,
  // The docs page is stories/Theming.mdx (token table and how to override), not an autodocs page.
  tags: ['!autodocs'],
  parameters: { controls: { disable: true } },
} satisfies Meta<typeof Sample>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The defaults from tokens.css: the warm red primary. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const donate = canvas.getByRole('button', { name: 'Donate' });
    await expect(getComputedStyle(donate).backgroundColor).toBe('rgb(179, 38, 30)');
  },
};

/** The same components inside a wrapper that sets PARTNER_THEME: blue primary, squarer corners, serif text. */
export const Rethemed: Story = {
  decorators: [
    (Story) => (
      <div data-testid="theme-wrapper" style={PARTNER_THEME as CSSProperties}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    const donate = canvas.getByRole('button', { name: 'Donate' });
    const style = getComputedStyle(donate);
    await expect(style.backgroundColor).toBe('rgb(15, 92, 140)');
    await expect(style.color).toBe('rgb(255, 255, 255)');
    await expect(style.fontFamily).toContain('Georgia');
    await expect(getComputedStyle(canvas.getByRole('button', { name: 'Learn More' })).borderColor).toBe(
      'rgb(15, 92, 140)',
    );
    // Only the wrapper is re-themed: the page's own :root value is untouched.
    await expect(getComputedStyle(document.documentElement).getPropertyValue('--cs-color-primary').trim()).toBe(
      '#b3261e',
    );
  },
};
