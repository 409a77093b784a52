import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { GiftSummary } from '@charity/ui';
import { ACTIVE_GIFT, CANCELLED_GIFT, LAPSED_GIFT, NO_CARD_GIFT, PAST_DUE_GIFT, PAUSED_GIFT } from './support/recurring-fixtures';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Donation/Monthly gift/GiftSummary',
  component: GiftSummary,
  parameters: {
    docs: componentDocs({
      summary:
        "A monthly gift at a glance on the donor's manage page: amount a month, state, where it stands (next payment, pause, failed payment, lapse, cancellation), campaign, start date, whose gift and the card.",
      usage: `<GiftSummary gift={gift} />`,
      a11y: [
        'The facts are a description list, so each value is read with its name; the state is in words in the badge and in the sentence below it.',
      ],
    }),
  },
  args: { gift: ACTIVE_GIFT },
} satisfies Meta<typeof GiftSummary>;
export default meta;
type Story = StoryObj<typeof meta>;

type Scope = ReturnType<typeof within>;

/** The value shown for a term of the facts list. */
function valueOf(canvas: Scope, term: string): HTMLElement {
  return canvas.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;
}

function terms(canvasElement: HTMLElement): string[] {
  return Array.from(canvasElement.querySelectorAll('dt')).map((dt) => dt.textContent ?? '');
}

export const Active: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector('.cs-gift-summary__amount')).toHaveTextContent('₹1,000 / month');
    await expect(canvas.getByText('Active')).toHaveClass('cs-badge--green');
    await expect(canvas.getByText('Next payment on 27 November 2026')).toBeVisible();
    await expect(terms(canvasElement)).toEqual(['Campaign', 'Started', 'Given by', 'Card']);
    await expect(valueOf(canvas, 'Campaign')).toHaveTextContent('Library Corners');
    await expect(valueOf(canvas, 'Started')).toHaveTextContent('27 August 2026');
    await expect(within(valueOf(canvas, 'Started')).getByText('27 August 2026')).toHaveAttribute('datetime', '2026-08-27T04:30:00.000Z');
    await expect(valueOf(canvas, 'Given by')).toHaveTextContent('Asha Rao (a•••@example.org)');
    await expect(valueOf(canvas, 'Card')).toHaveTextContent('Visa ending 4242, expires 04/2028');
  },
};

export const Paused: Story = {
  args: { gift: PAUSED_GIFT },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Paused')).toHaveClass('cs-badge--blue');
    await expect(canvas.getByText('Paused until 27 January 2027')).toBeVisible();
    await expect(canvas.queryByText(/Next payment/)).toBeNull();
  },
};

/** A dollar gift to the general fund whose renewal failed: the provider's reason, then the day of the next try. */
export const PastDue: Story = {
  args: { gift: PAST_DUE_GIFT },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector('.cs-gift-summary__amount')).toHaveTextContent('$25 / month');
    await expect(canvas.getByText('Payment failed')).toHaveClass('cs-badge--yellow');
    await expect(
      canvas.getByText(
        'Your last payment did not go through: Your card has insufficient funds. We will try again on 24 November 2026.',
      ),
    ).toHaveClass('cs-gift-summary__state--past_due');
    await expect(valueOf(canvas, 'Campaign')).toHaveTextContent('General fund');
    await expect(valueOf(canvas, 'Started')).toHaveTextContent('23 July 2026');
    await expect(valueOf(canvas, 'Given by')).toHaveTextContent('John Miller (j•••@example.com)');
    await expect(valueOf(canvas, 'Card')).toHaveTextContent('Mastercard ending 4444, expires 11/2026');
  },
};

export const Lapsed: Story = {
  args: { gift: LAPSED_GIFT },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Lapsed')).toHaveClass('cs-badge--red');
    await expect(canvas.getByText('This gift lapsed on 20 November 2026 after its payments failed.')).toBeVisible();
    await expect(canvas.queryByText(/did not go through/)).toBeNull();
  },
};

export const Cancelled: Story = {
  args: { gift: CANCELLED_GIFT },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Cancelled')).toHaveClass('cs-badge--grey');
    await expect(canvas.getByText('Cancelled on 15 November 2026.')).toBeVisible();
    await expect(canvas.queryByText(/Next payment/)).toBeNull();
  },
};

/** No card on file: the card line is left out, nothing else changes. */
export const NoCard: Story = {
  args: { gift: NO_CARD_GIFT },
  play: async ({ canvas, canvasElement }) => {
    await expect(terms(canvasElement)).toEqual(['Campaign', 'Started', 'Given by']);
    await expect(canvas.queryByText(/ending/)).toBeNull();
    await expect(canvas.getByText('Next payment on 27 November 2026')).toBeVisible();
  },
};

/** Awaiting its first payment: no start date and no sentence yet. */
export const Incomplete: Story = {
  args: { gift: { ...ACTIVE_GIFT, status: 'incomplete', started_at: null, next_charge_at: null, payments: [] } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Awaiting first payment')).toBeVisible();
    await expect(terms(canvasElement)).toEqual(['Campaign', 'Given by', 'Card']);
    await expect(canvasElement.querySelector('.cs-gift-summary__state')).toBeNull();
  },
};
