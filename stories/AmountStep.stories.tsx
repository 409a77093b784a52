import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pickOption } from './support/pick-option';
import { AmountStep, INITIAL_DONATION_WIZARD_VALUE, type AmountStepProps, type AmountStepValue } from '@charity/ui';
import { componentDocs } from './support/docs';

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

const INR: AmountStepValue = {
  countryCode: INITIAL_DONATION_WIZARD_VALUE.countryCode,
  selectedAmount: INITIAL_DONATION_WIZARD_VALUE.selectedAmount,
  customAmount: '',
  donationType: 'one_time',
};

const ui = {
  country: (c: Canvas) => c.getByRole('combobox', { name: 'Country' }),
  amounts: (c: Canvas) => within(c.getByRole('group', { name: 'Select amount' })).getAllByRole('radio'),
  amount: (c: Canvas, name: string) => c.getByRole('radio', { name }),
  custom: (c: Canvas) => c.getByRole('spinbutton', { name: /Custom amount/ }),
  oneTime: (c: Canvas) => c.getByRole('radio', { name: 'One-time' }),
  monthly: (c: Canvas) => c.getByRole('radio', { name: 'Monthly' }),
  continue: (c: Canvas) => c.getByRole('button', { name: 'Continue' }),
};

function chooseCountry(canvas: Canvas, label: string) {
  return pickOption(ui.country(canvas), label);
}

/** As the wizard uses it: the value lives outside (a store); every change comes back in. */
function Stateful(props: AmountStepProps) {
  const [value, setValue] = useState(props.value);
  return (
    <AmountStep
      {...props}
      value={value}
      onChange={(next) => {
        props.onChange(next);
        setValue(next);
      }}
    />
  );
}

const meta = {
  title: 'Donation/AmountStep',
  component: AmountStep,
  parameters: {
    docs: componentDocs({
      summary: 'Step 1 of the donation wizard: currency by country, preset and custom amounts, validation messages.',
      usage: `<AmountStep value={amount} onChange={setAmount} onContinue={next} />`,
      a11y: [
        'Presets are buttons and the custom amount a labelled input; the validation message is an alert tied to the input.',
        'On an invalid Continue, focus moves to the field that needs attention.',
      ],
    }),
  },
  args: { value: INR, onChange: fn(), onContinue: fn() },
  render: (args) => <Stateful {...args} />,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '40rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AmountStep>;
export default meta;
type Story = StoryObj<typeof meta>;

/** India first: ₹ quick amounts with ₹1,000 chosen, one-time, the impact of ₹1,000, custom minimum ₹50. */
export const IndiaRupees: Story = {
  play: async ({ canvas, args }) => {
    await expect(ui.country(canvas)).toHaveTextContent('India (INR)');
    await expect(ui.amounts(canvas).map((r) => r.closest('label')?.textContent)).toEqual(['₹50', '₹100', '₹200', '₹500', '₹1,000']);
    await expect(ui.amount(canvas, '₹1,000')).toBeChecked();
    await expect(ui.oneTime(canvas)).toBeChecked();
    await expect(ui.monthly(canvas)).not.toBeChecked();
    await expect(ui.custom(canvas)).toHaveValue(null);
    await expect(ui.custom(canvas)).toHaveAttribute('min', '50');
    await expect(ui.custom(canvas)).toHaveAttribute('step', '1');
    await expect(ui.custom(canvas)).toHaveAttribute('type', 'number');
    // Rupees have paise: a phone's keypad offers the decimal point.
    await expect(ui.custom(canvas)).toHaveAttribute('inputmode', 'decimal');
    await expect(canvas.getByText('Your impact:').parentElement).toHaveTextContent('Your impact: Basic healthcare for 2 weeks');

    // Arrow keys move through the quick amounts, as in any radio group.
    ui.amount(canvas, '₹1,000').focus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(ui.amount(canvas, '₹500')).toBeChecked();
    await expect(canvas.getByText('Your impact:').parentElement).toHaveTextContent('Basic care for 1 week');
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...INR, selectedAmount: 500 });

    await userEvent.click(ui.continue(canvas));
    await expect(args.onContinue).toHaveBeenCalledWith({ ...INR, selectedAmount: 500 });
    await expect(canvas.getByRole('alert')).toHaveTextContent('');
  },
};

/** Changing the country to the United States: dollar amounts, the second ($5) chosen, the custom amount cleared. */
export const UnitedStatesDollars: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(ui.custom(canvas), '750');
    await expect(ui.amounts(canvas).some((r) => (r as HTMLInputElement).checked)).toBe(false);
    await chooseCountry(canvas, 'United States (USD)');
    await expect(ui.country(canvas)).toHaveTextContent('United States (USD)');
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...INR, countryCode: 'US', selectedAmount: 5, customAmount: '' });
    await expect(ui.amounts(canvas).map((r) => r.closest('label')?.textContent)).toEqual(['$1', '$5', '$10', '$25', '$50']);
    await expect(ui.amount(canvas, '$5')).toBeChecked();
    await expect(ui.custom(canvas)).toHaveValue(null);
    await expect(ui.custom(canvas)).toHaveAttribute('min', '1');
    await expect(ui.custom(canvas)).toHaveAccessibleName('Custom amount ($)');
    // 5 USD ≈ 415 INR.
    await expect(canvas.getByText('Your impact:').parentElement).toHaveTextContent('Essential supplies and care');

    await userEvent.click(ui.amount(canvas, '$50'));
    // 50 USD ≈ 4,150 INR.
    await expect(canvas.getByText('Your impact:').parentElement).toHaveTextContent('Healthcare for 1 month');
    await userEvent.click(ui.continue(canvas));
    await expect(args.onContinue).toHaveBeenCalledWith({ ...INR, countryCode: 'US', selectedAmount: 50 });
  },
};

/** A partner's own amounts (the donate widget's data-amounts): the buttons while the currency is theirs, the usual ones after a country change. */
export const PartnerPresetAmounts: Story = {
  args: { value: { ...INR, selectedAmount: 750 }, presetAmounts: { currency: 'INR', amounts: [750, 1500, 3000] } },
  play: async ({ canvas, args }) => {
    await expect(ui.amounts(canvas).map((r) => r.closest('label')?.textContent)).toEqual(['₹750', '₹1,500', '₹3,000']);
    await expect(ui.amount(canvas, '₹750')).toBeChecked();
    await userEvent.click(ui.amount(canvas, '₹3,000'));
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...INR, selectedAmount: 3000 });

    await chooseCountry(canvas, 'United States (USD)');
    await expect(ui.amounts(canvas).map((r) => r.closest('label')?.textContent)).toEqual(['$1', '$5', '$10', '$25', '$50']);
  },
};

/** A custom ₹20: Continue refuses with the minimum message under the field and the step message; focus on the field. */
export const CustomBelowMinimum: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(ui.custom(canvas), '20');
    await userEvent.click(ui.continue(canvas));
    await expect(ui.custom(canvas)).toHaveAccessibleDescription('Minimum donation amount is ₹50');
    await expect(ui.custom(canvas)).toHaveAttribute('aria-invalid', 'true');
    await expect(ui.custom(canvas)).toHaveFocus();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Please fill all required fields correctly');
    await expect(args.onContinue).not.toHaveBeenCalled();
  },
};

/** Editing clears both messages; a valid amount (₹200) continues. */
export const CustomBelowMinimumThenCorrected: Story = {
  name: 'Custom Below Minimum → Corrected',
  tags: ['!visual'], // Ends on a valid ₹200: CustomBelowMinimum shows the messages.
  play: async (context) => {
    await CustomBelowMinimum.play?.(context);
    const { canvas, args } = context;
    await userEvent.type(ui.custom(canvas), '0');
    await expect(ui.custom(canvas)).not.toHaveAttribute('aria-invalid');
    await expect(canvas.queryByText('Minimum donation amount is ₹50')).toBeNull();
    await expect(canvas.getByRole('alert')).toHaveTextContent('');
    await expect(canvas.getByText('Your impact:').parentElement).toHaveTextContent('Essential supplies and care');
    await userEvent.keyboard('{Enter}');
    await expect(args.onContinue).toHaveBeenCalledWith({ ...INR, customAmount: '200' });
  },
};

/** The minimum is also told as soon as a too-small custom amount is left, in the country's currency. */
export const CustomBelowMinimumOnLeaving: Story = {
  args: { value: { ...INR, countryCode: 'GB', selectedAmount: 5 } },
  play: async ({ canvas }) => {
    await userEvent.type(ui.custom(canvas), '0.5');
    await userEvent.tab();
    await expect(ui.custom(canvas)).toHaveAccessibleDescription('Minimum donation amount is £1');
  },
};

/** Choosing a preset amount empties the custom one and its message. */
export const CustomBelowMinimumOnLeavingThenPreset: Story = {
  ...CustomBelowMinimumOnLeaving,
  name: 'Custom Below Minimum On Leaving → Preset',
  tags: ['!visual'], // Ends on £10 chosen, no message: CustomBelowMinimumOnLeaving shows the message.
  play: async (context) => {
    await CustomBelowMinimumOnLeaving.play?.(context);
    const { canvas } = context;
    await userEvent.click(ui.amount(canvas, '£10'));
    await expect(ui.custom(canvas)).toHaveValue(null);
    await expect(canvas.queryByText('Minimum donation amount is £1')).toBeNull();
  },
};

const INR_TOO_LARGE =
  'The largest donation we can accept online is ₹5,00,000. Please contact us at contact@brightbeginnings.org.in for larger gifts.';
/** OperatorLowerCap's PAYMENT_MAX_AMOUNT=250000. */
const INR_LOWERED_CAP =
  'The largest donation we can accept online is ₹2,50,000. Please contact us at contact@brightbeginnings.org.in for larger gifts.';

/** ₹6,00,000: refused in step 1 with the server's own message (not after the card is typed); Continue stays on the step. */
export const CustomAboveLargest: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(ui.custom(canvas), '600000');
    await userEvent.click(ui.continue(canvas));
    await expect(ui.custom(canvas)).toHaveAccessibleDescription(INR_TOO_LARGE);
    await expect(ui.custom(canvas)).toHaveAttribute('aria-invalid', 'true');
    await expect(ui.custom(canvas)).toHaveFocus();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Please fill all required fields correctly');
    await expect(args.onContinue).not.toHaveBeenCalled();
    // Enter is Continue too, and refuses the same.
    await userEvent.keyboard('{Enter}');
    await expect(args.onContinue).not.toHaveBeenCalled();
  },
};

/** ₹5,00,000.01 is still over; exactly ₹5,00,000 goes on. */
export const CustomAboveLargestThenCorrected: Story = {
  name: 'Custom Above Largest → Corrected',
  tags: ['!visual'], // Ends on a valid ₹5,00,000: CustomAboveLargest shows the refusal.
  play: async (context) => {
    await CustomAboveLargest.play?.(context);
    const { canvas, args } = context;
    await userEvent.clear(ui.custom(canvas));
    await userEvent.type(ui.custom(canvas), '500000.01');
    await userEvent.tab();
    await expect(ui.custom(canvas)).toHaveAccessibleDescription(INR_TOO_LARGE);
    await userEvent.clear(ui.custom(canvas));
    await userEvent.type(ui.custom(canvas), '500000');
    await expect(canvas.queryByText(INR_TOO_LARGE)).toBeNull();
    await userEvent.click(ui.continue(canvas));
    await expect(args.onContinue).toHaveBeenCalledWith({ ...INR, customAmount: '500000' });
  },
};

/** The largest amount is the chosen currency's: after a change to the United States, $6,000.01 is refused in dollars. */
export const CustomAboveLargestInNewCurrency: Story = {
  play: async ({ canvas, args }) => {
    await chooseCountry(canvas, 'United States (USD)');
    await userEvent.type(ui.custom(canvas), '6000.01');
    await userEvent.tab();
    await expect(ui.custom(canvas)).toHaveAccessibleDescription(
      'The largest donation we can accept online is $6,000. Please contact us at contact@brightbeginnings.org.in for larger gifts.',
    );
    await userEvent.click(ui.continue(canvas));
    await expect(args.onContinue).not.toHaveBeenCalled();
  },
};

/** $6,000 itself goes on. */
export const CustomAboveLargestInNewCurrencyThenCorrected: Story = {
  name: 'Custom Above Largest In New Currency → Corrected',
  tags: ['!visual'], // Ends on a valid $6,000: CustomAboveLargestInNewCurrency shows the refusal.
  play: async (context) => {
    await CustomAboveLargestInNewCurrency.play?.(context);
    const { canvas, args } = context;
    await userEvent.clear(ui.custom(canvas));
    await userEvent.type(ui.custom(canvas), '6000');
    await userEvent.click(ui.continue(canvas));
    await expect(args.onContinue).toHaveBeenCalledWith({ ...INR, countryCode: 'US', selectedAmount: 5, customAmount: '6000' });
  },
};

/**
 * The operator lowered the cap (PAYMENT_MAX_AMOUNT=250000, sent by GET payments/config as max_amount): ₹2,50,001 is
 * refused in step 1 with the server's own message naming ₹2,50,000.
 */
export const OperatorLowerCap: Story = {
  args: { amountCeiling: 250_000 },
  play: async ({ canvas, args }) => {
    await userEvent.type(ui.custom(canvas), '250001');
    await userEvent.click(ui.continue(canvas));
    await expect(ui.custom(canvas)).toHaveAccessibleDescription(INR_LOWERED_CAP);
    await expect(ui.custom(canvas)).toHaveFocus();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Please fill all required fields correctly');
    await expect(args.onContinue).not.toHaveBeenCalled();
  },
};

/**
 * ₹2,50,000 itself goes on. The cap is in units of the chosen currency and never raises a currency's own figure:
 * dollars still stop at $6,000.
 */
export const OperatorLowerCapThenCorrected: Story = {
  ...OperatorLowerCap,
  name: 'Operator Lower Cap → Corrected',
  tags: ['!visual'], // Ends on the dollar ceiling's message: OperatorLowerCap shows the lowered cap's refusal.
  play: async (context) => {
    await OperatorLowerCap.play?.(context);
    const { canvas, args } = context;
    await userEvent.clear(ui.custom(canvas));
    await userEvent.type(ui.custom(canvas), '250000');
    await expect(canvas.queryByText(INR_LOWERED_CAP)).toBeNull();
    await userEvent.click(ui.continue(canvas));
    await expect(args.onContinue).toHaveBeenCalledWith({ ...INR, customAmount: '250000' });

    await chooseCountry(canvas, 'United States (USD)');
    await userEvent.type(ui.custom(canvas), '6001');
    await userEvent.tab();
    await expect(ui.custom(canvas)).toHaveAccessibleDescription(
      'The largest donation we can accept online is $6,000. Please contact us at contact@brightbeginnings.org.in for larger gifts.',
    );
  },
};

/** A custom amount with more decimals than rupees have (₹100.555): said, not rounded; Continue stays. */
export const CustomDecimals: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(ui.custom(canvas), '100.555');
    await userEvent.click(ui.continue(canvas));
    await expect(ui.custom(canvas)).toHaveAccessibleDescription('Please enter an amount in whole rupees or with up to 2 decimals');
    await expect(ui.custom(canvas)).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Please fill all required fields correctly');
    await expect(args.onContinue).not.toHaveBeenCalled();
  },
};

/** Two decimals or fewer (₹100.5) are accepted and handed on as typed, as the server accepts them. */
export const CustomDecimalsThenCorrected: Story = {
  name: 'Custom Decimals → Corrected',
  tags: ['!visual'], // Ends on a valid ₹100.5: CustomDecimals shows the message.
  play: async (context) => {
    await CustomDecimals.play?.(context);
    const { canvas, args } = context;
    await userEvent.clear(ui.custom(canvas));
    await userEvent.type(ui.custom(canvas), '100.5');
    await expect(canvas.queryByText('Please enter an amount in whole rupees or with up to 2 decimals')).toBeNull();
    await userEvent.click(ui.continue(canvas));
    await expect(args.onContinue).toHaveBeenCalledWith({ ...INR, customAmount: '100.5' });
  },
};

/** Monthly giving: the choice is kept and handed on. */
export const Monthly: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(ui.monthly(canvas));
    await expect(ui.monthly(canvas)).toBeChecked();
    await expect(ui.oneTime(canvas)).not.toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...INR, donationType: 'monthly' });
    await userEvent.click(ui.amount(canvas, '₹200'));
    await userEvent.click(ui.continue(canvas));
    await expect(args.onContinue).toHaveBeenCalledWith({ ...INR, selectedAmount: 200, donationType: 'monthly' });
  },
};

/** Already monthly with a custom amount (coming back to step 1). */
export const MonthlyCustomAmount: Story = {
  args: { value: { ...INR, customAmount: '12500', donationType: 'monthly' } },
  play: async ({ canvas }) => {
    await expect(ui.monthly(canvas)).toBeChecked();
    await expect(ui.custom(canvas)).toHaveValue(12500);
    await expect(ui.amounts(canvas).some((r) => (r as HTMLInputElement).checked)).toBe(false);
    await expect(canvas.getByText('Your impact:').parentElement).toHaveTextContent('Healthcare and education for 3 months');
  },
};

/** On a phone. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2' } },
  play: async ({ canvas }) => {
    await expect(ui.amount(canvas, '₹1,000')).toBeChecked();
    await expect(ui.continue(canvas)).toBeVisible();
  },
};
