import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { FAQ } from '@charity/ui';
import { componentDocs } from './support/docs';

const items = [
  {
    question: 'How are my donations used?',
    answer: 'Donations fund healthcare, education, safe housing and family support for children.',
  },
  {
    question: 'Are my donations eligible for tax benefits?',
    answer: 'Donors in India can claim a deduction under section 80G.',
  },
  {
    question: 'How can I volunteer with you?',
    answer: 'Send us a message with the subject Volunteer Opportunities.',
  },
  {
    question: 'Will I receive a receipt for my donation?',
    answer: 'Yes, a receipt is emailed after your payment succeeds.',
  },
];

const meta = {
  title: 'Contact/FAQ',
  component: FAQ,
  parameters: {
    docs: componentDocs({
      summary: 'Questions and answers that expand one at a time.',
      usage: `<FAQ items={[{ question: 'Is my donation tax-deductible?', answer: '…' }]} />`,
      a11y: [
        'Native `<details>`/`<summary>`: Enter or Space toggles, and the expanded state is announced by the browser.',
      ],
    }),
  },
  args: { items },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '48rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FAQ>;
export default meta;
type Story = StoryObj<typeof meta>;

function disclosure(canvasElement: HTMLElement, question: string): HTMLDetailsElement {
  const summary = within(canvasElement).getByText(question).closest('summary');
  if (!summary) throw new Error(`No summary for ${question}`);
  return summary.parentElement as HTMLDetailsElement;
}

/** All closed: four questions, answers hidden until opened. */
export const Collapsed: Story = {
  play: async ({ canvas, canvasElement }) => {
    const summaries = canvasElement.querySelectorAll('summary');
    await expect([...summaries].map((s) => s.textContent)).toEqual(items.map((i) => i.question));
    for (const item of items) {
      await expect(disclosure(canvasElement, item.question).open).toBe(false);
      await expect(canvas.getByText(item.answer)).not.toBeVisible();
    }
  },
};

/** A click opens a question, on its own: the others stay closed. */
export const OpenWithPointer: Story = {
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByText('How can I volunteer with you?'));
    await expect(disclosure(canvasElement, 'How can I volunteer with you?').open).toBe(true);
    await expect(canvas.getByText('Send us a message with the subject Volunteer Opportunities.')).toBeVisible();
    await expect(canvas.getByText(items[0]!.answer)).not.toBeVisible();
  },
};

/** A second click closes it again. */
export const OpenWithPointerThenClose: Story = {
  name: 'Open With Pointer → Close',
  tags: ['!visual'], // Ends with every question closed, as Collapsed shows them: OpenWithPointer shows one open.
  play: async (context) => {
    await OpenWithPointer.play?.(context);
    await userEvent.click(context.canvas.getByText('How can I volunteer with you?'));
    await expect(disclosure(context.canvasElement, 'How can I volunteer with you?').open).toBe(false);
  },
};

/**
 * Tab reaches each question in order. (Enter and Space toggling a <summary> is the browser's own behaviour,
 * which user-event does not simulate; the end-to-end test presses the real keys on the contact page.)
 */
export const KeyboardFocus: Story = {
  play: async ({ canvasElement }) => {
    for (const item of items) {
      await userEvent.tab();
      await expect(disclosure(canvasElement, item.question).querySelector('summary')).toHaveFocus();
    }
  },
};

export const FirstOpen: Story = {
  args: { defaultOpen: [0] },
  play: async ({ canvas, canvasElement }) => {
    await expect(disclosure(canvasElement, items[0]!.question).open).toBe(true);
    await expect(canvas.getByText(items[0]!.answer)).toBeVisible();
  },
};

/** A closing line with a mailto link for questions the list does not answer. */
export const WithFooter: Story = {
  args: {
    footer: (
      <>
        Still have a question? Email us at <a href="mailto:info@example.org">info@example.org</a>.
      </>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'info@example.org' })).toHaveAttribute(
      'href',
      'mailto:info@example.org',
    );
  },
};
