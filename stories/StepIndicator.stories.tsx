import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { StepIndicator } from '@charity/ui';
import { componentDocs } from './support/docs';

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

const items = (canvas: Canvas) => within(canvas.getByRole('navigation', { name: 'Donation steps' })).getAllByRole('listitem');

const meta = {
  title: 'Donation/StepIndicator',
  component: StepIndicator,
  parameters: {
    docs: componentDocs({
      summary: 'The wizard\'s four steps with the current one highlighted.',
      usage: `<StepIndicator current={1} />`,
      a11y: [
        'A labelled list; the current step has `aria-current="step"` and completed steps say so in text.',
      ],
    }),
  },
  args: { current: 1 },
} satisfies Meta<typeof StepIndicator>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Step 1: Amount is current, the other three are to come. */
export const AmountCurrent: Story = {
  play: async ({ canvas }) => {
    const list = items(canvas);
    await expect(list.map((li) => li.textContent)).toEqual([
      '1Step 1 of 4: Amount',
      '2Step 2 of 4: Details',
      '3Step 3 of 4: Review',
      '4Step 4 of 4: Payment',
    ]);
    await expect(list[0]).toHaveAttribute('aria-current', 'step');
    for (const item of list.slice(1)) await expect(item).not.toHaveAttribute('aria-current');
  },
};

/** Step 3: Amount and Details say they are completed (in words, not only by colour). */
export const ReviewCurrent: Story = {
  args: { current: 3 },
  play: async ({ canvas }) => {
    const list = items(canvas);
    await expect(list[0]).toHaveTextContent('Step 1 of 4: Amount (completed)');
    await expect(list[1]).toHaveTextContent('Step 2 of 4: Details (completed)');
    await expect(list[2]).toHaveAttribute('aria-current', 'step');
    await expect(list[2]).not.toHaveTextContent('completed');
    await expect(list[3]).not.toHaveTextContent('completed');
  },
};

/** The last step. */
export const PaymentCurrent: Story = {
  args: { current: 4 },
  play: async ({ canvas }) => {
    const list = items(canvas);
    await expect(list[3]).toHaveAttribute('aria-current', 'step');
    await expect(list.filter((li) => li.textContent?.includes('(completed)'))).toHaveLength(3);
  },
};

/** On a phone the four steps still fit in one row. */
export const Mobile: Story = {
  args: { current: 2 },
  globals: { viewport: { value: 'mobile2' } },
  play: async ({ canvas }) => {
    const list = items(canvas);
    const tops = list.map((li) => li.getBoundingClientRect().top);
    await expect(new Set(tops).size).toBe(1);
    await expect(list[1]).toHaveAttribute('aria-current', 'step');
  },
};
