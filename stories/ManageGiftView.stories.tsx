import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RECURRING_MESSAGES } from '@charity/domain';
import { ManageGiftView } from '@charity/ui';
import {
  ACTIVE_GIFT,
  CANCELLED_GIFT,
  LAPSED_GIFT,
  NEW_GIFT,
  PAST_DUE_GIFT,
  PAUSED_GIFT,
} from './support/recurring-fixtures';
import { PHONE_375, fitsWindow } from './support/admin-fixtures-console';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Donation/Monthly gift/ManageGiftView',
  component: ManageGiftView,
  parameters: {
    docs: componentDocs({
      summary:
        "The body of the donor's manage page (/monthly-gift, opened from the link in an email): the gift, the changes that apply to it now, its payments and receipts, and the link's privacy note with 'Stop all links to this gift'.",
      usage: `<ManageGiftView gift={gift} notice={notice} busy={saving}
  onChangeAmount={openAmount} onPause={openPause} onResume={resume} onCancel={openCancel}
  onChangeCard={openCard} onRevokeLinks={revoke} />`,
      a11y: [
        "One h1, then h2 'Payments so far' and 'Keep this link private'; the change buttons are a group named 'Change your gift'.",
        'The notice sits in a `role="status"` region that is always present, so the outcome of a change is announced when it arrives.',
      ],
    }),
  },
  args: {
    gift: ACTIVE_GIFT,
    notice: null,
    busy: false,
    onChangeAmount: fn(),
    onPause: fn(),
    onResume: fn(),
    onCancel: fn(),
    onChangeCard: fn(),
    onRevokeLinks: fn(),
  },
} satisfies Meta<typeof ManageGiftView>;
export default meta;
type Story = StoryObj<typeof meta>;

type Scope = ReturnType<typeof within>;

/**
 * The page's stories are screenshotted whole (800 × 1200): at the default 800 × 600 the link's privacy section is
 * below the fold and no baseline would show it.
 */
const WHOLE_PAGE = {
  parameters: {
    viewport: { options: { page800: { name: 'Whole page 800', styles: { width: '800px', height: '1200px' }, type: 'desktop' } } },
  },
  globals: { viewport: { value: 'page800', isRotated: false } },
};

const ONGOING_NOTE =
  'Anyone who has this link can see your gift and change or cancel it, so please do not share it. This link works until 31 December 2026. Every receipt and every email about your gift brings a new one.';
const ENDED_NOTE =
  'Anyone who has this link can see your gift and its receipts, so please do not share it. This link works until 31 December 2026. Every receipt and every email about your gift brings a new one.';

function outline(root: HTMLElement): string[] {
  return Array.from(root.querySelectorAll('h1, h2, h3')).map((h) => `${h.tagName} ${h.textContent}`);
}

function changeButtons(canvas: Scope): string[] {
  return within(canvas.getByRole('group', { name: 'Change your gift' }))
    .getAllByRole('button')
    .map((button) => button.textContent ?? '');
}

async function expectPrivacy(canvas: Scope, note: string) {
  const privacy = canvas.getByRole('region', { name: 'Keep this link private' });
  await expect(within(privacy).getByText(note)).toBeVisible();
  return within(privacy).getByRole('button', { name: 'Stop all links to this gift' });
}

/** An active gift: change amount or card, pause, cancel. */
export const Active: Story = {
  ...WHOLE_PAGE,
  play: async ({ canvas, canvasElement }) => {
    await expect(outline(canvasElement)).toEqual(['H1 Your monthly gift', 'H2 Payments so far', 'H2 Keep this link private']);
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
    await expect(canvas.getByText('Next payment on 27 November 2026')).toBeVisible();
    await expect(changeButtons(canvas)).toEqual(['Change amount', 'Change card', 'Pause', 'Cancel gift']);
    await expect(canvas.queryByRole('button', { name: 'Resume now' })).toBeNull();
    await expect(canvas.getByRole('table', { name: 'Payments so far' })).toBeVisible();
    await expectPrivacy(canvas, ONGOING_NOTE);
  },
};

/** Each button asks the page to act, once, and nothing else. */
export const Actions: Story = {
  // Behaviour only: its last frame is Active's with a button focused, so the visual test has nothing new to compare.
  tags: ['!visual'],
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Change amount' }));
    await expect(args.onChangeAmount).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Change card' }));
    await expect(args.onChangeCard).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Pause' }));
    await expect(args.onPause).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel gift' }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
    await userEvent.click(await expectPrivacy(canvas, ONGOING_NOTE));
    await expect(args.onRevokeLinks).toHaveBeenCalledOnce();
    await expect(args.onResume).not.toHaveBeenCalled();
  },
};

/** Paused: 'Resume now' comes first and 'Pause' is gone. */
export const Paused: Story = {
  ...WHOLE_PAGE,
  args: { gift: PAUSED_GIFT },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Paused until 27 January 2027')).toBeVisible();
    await expect(changeButtons(canvas)).toEqual(['Resume now', 'Change amount', 'Change card', 'Cancel gift']);
    await expect(canvas.getByRole('button', { name: 'Resume now' })).toHaveClass('cs-button--primary');
  },
};

export const ResumeNow: Story = {
  // Behaviour only: its last frame is Paused's with the button focused.
  tags: ['!visual'],
  args: { gift: PAUSED_GIFT },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Resume now' }));
    await expect(args.onResume).toHaveBeenCalledOnce();
    await expect(args.onPause).not.toHaveBeenCalled();
  },
};

/** A failed renewal: the reason and the retry date; changing the card is the main action; no pause. */
export const PastDue: Story = {
  ...WHOLE_PAGE,
  args: { gift: PAST_DUE_GIFT },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('Your last payment did not go through: Your card has insufficient funds. We will try again on 24 November 2026.'),
    ).toBeVisible();
    await expect(changeButtons(canvas)).toEqual(['Change amount', 'Change card', 'Cancel gift']);
    await expect(canvas.getByRole('button', { name: 'Change card' })).toHaveClass('cs-button--primary');
  },
};

/** Lapsed: nothing can be changed any more; the payments and the link's note stay. */
export const Lapsed: Story = {
  ...WHOLE_PAGE,
  args: { gift: LAPSED_GIFT },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('This gift lapsed on 20 November 2026 after its payments failed.')).toBeVisible();
    await expect(canvas.queryByRole('group', { name: 'Change your gift' })).toBeNull();
    await expect(canvas.getAllByRole('button').map((b) => b.textContent)).toEqual(['Stop all links to this gift']);
    await expect(canvas.getByRole('table', { name: 'Payments so far' })).toBeVisible();
    await expectPrivacy(canvas, ENDED_NOTE);
  },
};

export const Cancelled: Story = {
  ...WHOLE_PAGE,
  args: { gift: CANCELLED_GIFT },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Cancelled on 15 November 2026.')).toBeVisible();
    await expect(canvas.queryByRole('group', { name: 'Change your gift' })).toBeNull();
    await expect(canvas.getAllByRole('button').map((b) => b.textContent)).toEqual(['Stop all links to this gift']);
    await expectPrivacy(canvas, ENDED_NOTE);
  },
};

/** After a change: the outcome in the status region above the gift. */
export const WithNotice: Story = {
  ...WHOLE_PAGE,
  args: { gift: { ...ACTIVE_GIFT, amount: 1500 }, notice: RECURRING_MESSAGES.amountChanged('₹1,500') },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Your monthly gift is now ₹1,500. The new amount is charged from your next payment.',
    );
    await expect(canvasElement.querySelector('.cs-gift-summary__amount')).toHaveTextContent('₹1,500 / month');
  },
};

/** A change is being saved: every button waits. */
export const Busy: Story = {
  ...WHOLE_PAGE,
  args: { busy: true },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvasElement.querySelector('.cs-manage-gift')).toHaveAttribute('aria-busy', 'true');
    const buttons = canvas.getAllByRole('button');
    await expect(buttons).toHaveLength(5);
    for (const button of buttons) await expect(button).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Pause' }), { pointerEventsCheck: 0 });
    await expect(args.onPause).not.toHaveBeenCalled();
  },
};

/** Started today: one payment, its receipt on its way. */
export const JustStarted: Story = {
  ...WHOLE_PAGE,
  args: { gift: NEW_GIFT },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Next payment on 22 December 2026')).toBeVisible();
    const rows = within(canvas.getByRole('table', { name: 'Payments so far' })).getAllByRole('row');
    await expect(rows).toHaveLength(2);
    await expect(rows[1]).toHaveTextContent('22 November 2026₹1,000First paymentReceipt on its way');
  },
};

/** At 375 px: buttons wrap, each payment is a small card, nothing scrolls sideways. */
export const Phone: Story = {
  ...PHONE_375,
  play: async ({ canvas }) => {
    await expect(window.innerWidth).toBe(375);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your monthly gift' })).toBeVisible();
    await expect(canvas.getByRole('table', { name: 'Payments so far' })).toBeVisible();
    await expect(fitsWindow()).toBe(true);
  },
};
