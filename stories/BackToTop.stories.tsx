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
        'While a form field lies under it (the card number or custom amount on a phone), it steps aside: hidden, out of the tab order, and a tap there reaches the field.',
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

/** A donation form as wide as a 375px phone, with the page around it long enough to scroll the fields past the corner. */
function PhoneDonationForm() {
  const field = { display: 'block', width: '100%', boxSizing: 'border-box', minHeight: '2.75rem', marginTop: '0.25rem' } as const;
  return (
    <>
      <div style={{ height: '200vh' }} />
      <form aria-label="Donation" style={{ display: 'grid', gap: '1.5rem' }} onSubmit={(event) => event.preventDefault()}>
        <label>
          Custom amount
          <input name="amount" inputMode="decimal" style={field} />
        </label>
        <label>
          Card number
          <input name="card" autoComplete="cc-number" style={field} />
        </label>
      </form>
      <div style={{ height: '150vh' }} />
    </>
  );
}

/** Scrolls so that `element`'s bottom edge sits `gap` pixels above the bottom of the screen, where the button is. */
async function scrollToBottomEdge(element: Element, gap: number) {
  const target = Math.round(window.scrollY + element.getBoundingClientRect().bottom - (window.innerHeight - gap));
  window.scrollTo(0, target);
  await waitFor(() => expect(Math.round(window.scrollY)).toBe(target));
}

/** The element a tap at the middle of the button's corner would reach. */
function tappedAtButton(button: HTMLElement) {
  const box = button.getBoundingClientRect();
  return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
}

/**
 * On a 375px phone the form's fields span the screen, so the corner button sat on the card number and the custom
 * amount (issue 19). Over a field it steps aside, and a tap there reaches the field; past the fields it is back.
 */
export const StepsAsideOverFormFields: Story = {
  parameters: {
    viewport: { options: { phone375: { name: 'Phone 375', styles: { width: '375px', height: '667px' }, type: 'mobile' } } },
  },
  globals: { viewport: { value: 'phone375', isRotated: false } },
  decorators: [
    (Story) => (
      <>
        <PhoneDonationForm />
        <Story />
      </>
    ),
  ],
  play: async ({ canvas, canvasElement }) => {
    await expect(window.innerWidth).toBe(375);
    const amount = canvas.getByRole('textbox', { name: 'Custom amount' });
    const card = canvas.getByRole('textbox', { name: 'Card number' });
    const button = () => canvasElement.ownerDocument.querySelector<HTMLElement>('.cs-back-to-top');

    // Well past 300px with no field in the corner: the button is there, and a tap there reaches it.
    window.scrollTo(0, 500);
    const shown = await canvas.findByRole('button', { name: 'Back to top' });
    await expect(shown.contains(tappedAtButton(shown))).toBe(true);

    for (const field of [amount, card]) {
      await scrollToBottomEdge(field, 30);
      await waitFor(() => expect(canvas.queryByRole('button', { name: 'Back to top' })).toBeNull());
      const aside = button();
      await expect(aside).not.toBeNull();
      await expect(aside).not.toBeVisible();
      await expect(tappedAtButton(aside as HTMLElement)).toBe(field);
    }

    // Typing in the card number with the button beside it: still aside, and the field keeps the keyboard.
    await userEvent.click(card);
    await userEvent.keyboard('4242');
    await expect(card).toHaveValue('4242');
    await expect(card).toHaveFocus();
    await expect(canvas.queryByRole('button', { name: 'Back to top' })).toBeNull();

    // Once the fields have scrolled on up the page, it is back in its corner.
    await scrollToBottomEdge(card, 200);
    const back = await canvas.findByRole('button', { name: 'Back to top' });
    await expect(back).toBeVisible();
    await expect(back.contains(tappedAtButton(back))).toBe(true);
  },
};
