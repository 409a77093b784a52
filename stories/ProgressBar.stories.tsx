import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ProgressBar } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Components/ProgressBar',
  component: ProgressBar,
  parameters: {
    docs: componentDocs({
      summary: 'A labelled progress bar clamped to 0–100%.',
      usage: `<ProgressBar value={45} label="Funding progress" />`,
      a11y: [
        '`role="progressbar"` with `aria-valuenow`, min, max and a text value; the label is required.',
      ],
    }),
  },
  args: { value: 45, label: 'Funding progress' },
  argTypes: { value: { control: { type: 'range', min: -20, max: 150 } } },
} satisfies Meta<typeof ProgressBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Funding progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '45');
    await expect(bar).toHaveAttribute('aria-valuemin', '0');
    await expect(bar).toHaveAttribute('aria-valuemax', '100');
    await expect(bar).toHaveAttribute('aria-valuetext', '45%');
  },
};

export const WithLabel: Story = {
  args: { value: 62.4, showLabel: true, valueText: '₹62,400 of ₹1,00,000 raised' },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Funding progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '62');
    await expect(bar).toHaveAttribute('aria-valuetext', '₹62,400 of ₹1,00,000 raised');
    await expect(canvas.getByText('62%')).toBeVisible();
  },
};

export const Empty: Story = {
  args: { value: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  },
};

export const Complete: Story = {
  args: { value: 100, tone: 'success', showLabel: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  },
};

/** Over-funded campaigns: 150 is shown as a full bar, aria-valuenow 100. */
export const ClampedAbove: Story = {
  args: { value: 150, showLabel: true },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    const fill = canvasElement.querySelector<HTMLElement>('.cs-progress__fill');
    await expect(fill?.style.width).toBe('100%');
    await expect(canvas.getByText('100%')).toBeVisible();
  },
};

export const ClampedBelow: Story = {
  args: { value: -20 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  },
};

export const Small: Story = {
  args: { value: 30, size: 'sm' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar').getBoundingClientRect().height).toBeLessThan(12);
  },
};
