import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { GIFT_STATUSES } from '@charity/domain';
import { GiftStatusBadge } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Donation/Monthly gift/GiftStatusBadge',
  component: GiftStatusBadge,
  parameters: {
    docs: componentDocs({
      summary:
        "A monthly gift's state in words (the domain's GIFT_STATUS_LABELS), one colour per state: on the donor's manage page and in the staff list.",
      usage: `<GiftStatusBadge status={gift.status} />`,
      a11y: [
        'The label always names the state, so colour is never the only signal; every tone meets WCAG AA (axe checks each story).',
      ],
    }),
  },
  args: { status: 'active' },
} satisfies Meta<typeof GiftStatusBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Active: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Active')).toHaveClass('cs-badge', 'cs-badge--green');
  },
};

export const Paused: Story = {
  args: { status: 'paused' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Paused')).toHaveClass('cs-badge--blue');
  },
};

/** A renewal failed and is being retried. */
export const PastDue: Story = {
  args: { status: 'past_due' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Payment failed')).toHaveClass('cs-badge--yellow');
  },
};

export const Lapsed: Story = {
  args: { status: 'lapsed' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Lapsed')).toHaveClass('cs-badge--red');
  },
};

export const Cancelled: Story = {
  args: { status: 'cancelled' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Cancelled')).toHaveClass('cs-badge--grey');
  },
};

/** Created, first payment not taken yet (never listed to staff, but a donor may open its link). */
export const Incomplete: Story = {
  args: { status: 'incomplete' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Awaiting first payment')).toHaveClass('cs-badge--neutral');
  },
};

/** Every state side by side: six distinct colours. */
export const AllStatuses: Story = {
  render: () => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem' }}>
      {GIFT_STATUSES.map((status) => (
        <GiftStatusBadge key={status} status={status} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const badges = Array.from(canvasElement.querySelectorAll('.cs-badge'));
    await expect(badges.map((badge) => badge.textContent)).toEqual([
      'Awaiting first payment',
      'Active',
      'Paused',
      'Payment failed',
      'Lapsed',
      'Cancelled',
    ]);
    const fills = new Set(badges.map((badge) => getComputedStyle(badge).backgroundColor));
    await expect(fills.size).toBe(6);
  },
};
