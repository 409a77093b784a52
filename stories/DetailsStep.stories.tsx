import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { pickOption } from './support/pick-option';
import { DetailsStep, INITIAL_DONATION_WIZARD_VALUE, type DetailsStepProps } from '@charity/ui';
import { componentDocs } from './support/docs';

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];
const body = within(document.body);

const EMPTY = INITIAL_DONATION_WIZARD_VALUE.details;

const ui = {
  name: (c: Canvas) => c.getByRole('textbox', { name: 'Full Name' }),
  email: (c: Canvas) => c.getByRole('textbox', { name: 'Email Address' }),
  mobile: (c: Canvas) => c.getByRole('textbox', { name: 'Mobile Number' }),
  address: (c: Canvas) => c.getByRole('textbox', { name: 'Address' }),
  stateSelect: (c: Canvas) => c.getByRole('combobox', { name: 'State' }),
  stateText: (c: Canvas, name: string) => c.getByRole('textbox', { name }),
  city: (c: Canvas) => c.getByRole('textbox', { name: 'City' }),
  postal: (c: Canvas, name: string) => c.getByRole('textbox', { name }),
  pan: (c: Canvas) => c.getByRole('textbox', { name: 'PAN Number (optional)' }),
  continue: (c: Canvas) => c.getByRole('button', { name: 'Continue' }),
  back: (c: Canvas) => c.getByRole('button', { name: 'Back' }),
  alert: (c: Canvas) => c.getByRole('alert'),
};

function chooseState(canvas: Canvas, state: string) {
  return pickOption(ui.stateSelect(canvas), state);
}

/** As the wizard uses it: the details live outside; every change comes back in. */
function Stateful(props: DetailsStepProps) {
  const [value, setValue] = useState(props.value);
  return (
    <DetailsStep
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
  title: 'Donation/DetailsStep',
  component: DetailsStep,
  parameters: {
    docs: componentDocs({
      summary: 'Step 2 of the donation wizard: donor name, e-mail, phone, address and tax fields for the chosen country.',
      usage: `<DetailsStep countryCode="IN" value={details} onChange={setDetails} onBack={back} onContinue={next} />`,
      a11y: [
        'Each field has a visible label and the right `autocomplete`; errors are tied with `aria-describedby`/`aria-invalid` and focus moves to the first invalid field.',
      ],
    }),
  },
  args: { countryCode: 'IN', value: EMPTY, onChange: fn(), onBack: fn(), onContinue: fn() },
  render: (args) => <Stateful {...args} />,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '44rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof DetailsStep>;
export default meta;
type Story = StoryObj<typeof meta>;

/** India: a state list of 36, 'PIN Code', an optional PAN for the 80G receipt. */
export const India: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Donating from').parentElement).toHaveTextContent('Donating from India');
    for (const field of [ui.name(canvas), ui.email(canvas), ui.mobile(canvas), ui.address(canvas), ui.city(canvas)]) {
      await expect(field).toHaveAttribute('aria-required', 'true');
    }
    await expect(ui.email(canvas)).toHaveAttribute('type', 'email');
    await expect(ui.mobile(canvas)).toHaveAttribute('type', 'tel');
    await expect(ui.stateSelect(canvas)).toHaveTextContent('Select your state');
    await expect(ui.postal(canvas, 'PIN Code')).toHaveAttribute('aria-required', 'true');
    await expect(ui.pan(canvas)).not.toHaveAttribute('aria-required');
    await expect(ui.pan(canvas)).toHaveAccessibleDescription('For your 80G tax receipt, e.g. ABCDE1234F');

    await userEvent.click(ui.stateSelect(canvas));
    const listbox = await body.findByRole('listbox');
    const options = within(listbox).getAllByRole('option');
    await expect(options).toHaveLength(36);
    await expect(options[0]).toHaveTextContent('Andaman and Nicobar Islands');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());

    // A general donation: there is no campaign to be named under.
    await expect(canvas.queryByRole('checkbox')).toBeNull();

    await userEvent.click(ui.back(canvas));
    await expect(args.onBack).toHaveBeenCalledTimes(1);
  },
};

const SUPPORTER_OPT_IN = "Show my first name and amount among this campaign's supporters";
const ASHA = {
  ...EMPTY,
  full_name: 'Asha Rao',
  email: 'asha.rao@example.org',
  mobile: '98450 12345',
  address: '12 Indiranagar 100 Feet Road',
  state: 'Karnataka',
  city: 'Bengaluru',
  pincode: '560038',
};

/**
 * A campaign gift: an unticked box offers to show the donor's first name and amount among the campaign's supporters;
 * ticking it is kept in the details handed on (buildDonationPayload carries it as show_first_name).
 */
export const CampaignSupporterOptIn: Story = {
  args: { value: ASHA, campaignChosen: true },
  play: async ({ canvas, args }) => {
    const optIn = canvas.getByRole('checkbox', { name: SUPPORTER_OPT_IN });
    await expect(optIn).not.toBeChecked();
    await userEvent.click(optIn);
    await expect(optIn).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...ASHA, show_first_name: true });
    await userEvent.click(ui.continue(canvas));
    await expect(args.onContinue).toHaveBeenCalledWith({ ...ASHA, show_first_name: true });
  },
};

/** Unticking takes the agreement back. */
export const CampaignSupporterOptInThenUntick: Story = {
  name: 'Campaign Supporter Opt In → Untick',
  args: { value: ASHA, campaignChosen: true },
  tags: ['!visual'], // Ends with the box unticked again: CampaignSupporterOptIn shows it ticked.
  play: async (context) => {
    await CampaignSupporterOptIn.play?.(context);
    await userEvent.click(context.canvas.getByRole('checkbox', { name: SUPPORTER_OPT_IN }));
    await expect(context.args.onChange).toHaveBeenLastCalledWith({ ...ASHA, show_first_name: false });
  },
};

/** India, everything valid (PAN typed in lower case): Continue hands on the details. */
export const IndiaValid: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(ui.name(canvas), 'Asha Rao');
    await userEvent.type(ui.email(canvas), 'asha.rao@example.org');
    await userEvent.type(ui.mobile(canvas), '98450 12345');
    await userEvent.type(ui.address(canvas), '12 Indiranagar 100 Feet Road');
    await chooseState(canvas, 'Karnataka');
    await userEvent.type(ui.city(canvas), 'Bengaluru');
    await userEvent.type(ui.postal(canvas, 'PIN Code'), '560038');
    await userEvent.type(ui.pan(canvas), 'abcde1234f');
    await userEvent.click(ui.continue(canvas));
    await expect(args.onContinue).toHaveBeenCalledWith({
      full_name: 'Asha Rao',
      email: 'asha.rao@example.org',
      mobile: '98450 12345',
      pan_number: 'abcde1234f',
      country_code: 'IN',
      state: 'Karnataka',
      city: 'Bengaluru',
      address: '12 Indiranagar 100 Feet Road',
      pincode: '560038',
    });
    await expect(ui.alert(canvas)).toHaveTextContent('');
  },
};

/** Continue with nothing filled: every required message under its field, the step message, focus on Full Name. */
export const IndiaRequiredErrors: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(ui.continue(canvas));
    await expect(ui.alert(canvas)).toHaveTextContent('Please fill all required fields correctly');
    await expect(ui.name(canvas)).toHaveAccessibleDescription('Full name is required');
    await expect(ui.email(canvas)).toHaveAccessibleDescription('Email is required');
    await expect(ui.mobile(canvas)).toHaveAccessibleDescription('Mobile number is required');
    await expect(ui.address(canvas)).toHaveAccessibleDescription('Address is required');
    await expect(ui.stateSelect(canvas)).toHaveAccessibleDescription('Please select your state');
    await expect(ui.city(canvas)).toHaveAccessibleDescription('City is required');
    await expect(ui.postal(canvas, 'PIN Code')).toHaveAccessibleDescription('PIN code is required');
    await expect(ui.pan(canvas)).not.toHaveAttribute('aria-invalid');
    await expect(ui.name(canvas)).toHaveAttribute('aria-invalid', 'true');
    await expect(ui.name(canvas)).toHaveFocus();
    await expect(args.onContinue).not.toHaveBeenCalled();
  },
};

/** Each value of the wrong shape gets its own message. */
export const IndiaInvalidValues: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(ui.name(canvas), 'A');
    await userEvent.type(ui.email(canvas), 'asha@example');
    await userEvent.type(ui.mobile(canvas), '12345 67890');
    await userEvent.type(ui.address(canvas), 'Short');
    await chooseState(canvas, 'Kerala');
    await userEvent.type(ui.city(canvas), 'Kochi');
    await userEvent.type(ui.postal(canvas, 'PIN Code'), '012345');
    await userEvent.type(ui.pan(canvas), 'ABC123');
    await userEvent.click(ui.continue(canvas));
    await expect(ui.name(canvas)).toHaveAccessibleDescription('Name must be at least 2 characters');
    await expect(ui.email(canvas)).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(ui.mobile(canvas)).toHaveAccessibleDescription(
      'Please enter a valid 10-digit mobile number starting with 6, 7, 8, or 9',
    );
    await expect(ui.address(canvas)).toHaveAccessibleDescription('Address must be at least 10 characters');
    await expect(ui.stateSelect(canvas)).not.toHaveAttribute('aria-invalid');
    await expect(ui.city(canvas)).not.toHaveAttribute('aria-invalid');
    await expect(ui.postal(canvas, 'PIN Code')).toHaveAccessibleDescription('Please enter a valid 6-digit PIN code');
    await expect(ui.pan(canvas)).toHaveAccessibleDescription(
      'For your 80G tax receipt, e.g. ABCDE1234F Please enter a valid PAN (e.g., ABCDE1234F)',
    );
    await expect(args.onContinue).not.toHaveBeenCalled();
  },
};

/** A field's error clears as soon as that field is edited; the others stay. */
export const ErrorClearsWhenEdited: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(ui.continue(canvas));
    await expect(ui.email(canvas)).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(ui.email(canvas), 'a');
    await expect(ui.email(canvas)).not.toHaveAttribute('aria-invalid');
    await expect(canvas.queryByText('Email is required')).toBeNull();
    await expect(ui.name(canvas)).toHaveAccessibleDescription('Full name is required');
    await chooseState(canvas, 'Goa');
    await expect(canvas.queryByText('Please select your state')).toBeNull();
    await expect(ui.alert(canvas)).toHaveTextContent('');
  },
};

/** The United States: free-text 'State', 'ZIP Code', no PAN, and the US phone and ZIP messages. */
export const UnitedStates: Story = {
  args: { countryCode: 'US', value: { ...EMPTY, country_code: 'US' } },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Donating from').parentElement).toHaveTextContent('Donating from United States');
    await expect(canvas.queryByRole('textbox', { name: 'PAN Number (optional)' })).toBeNull();
    await expect(canvas.queryByRole('combobox', { name: 'State' })).toBeNull();

    await userEvent.type(ui.name(canvas), 'Maya Lopez');
    await userEvent.type(ui.email(canvas), 'maya@example.com');
    await userEvent.type(ui.mobile(canvas), '555 123');
    await userEvent.type(ui.address(canvas), '1 Market Street, Suite 100');
    await userEvent.type(ui.city(canvas), 'San Francisco');
    await userEvent.type(ui.postal(canvas, 'ZIP Code'), '9410');
    await userEvent.click(ui.continue(canvas));
    await expect(ui.mobile(canvas)).toHaveAccessibleDescription('Please enter a valid phone number (e.g., (555) 123-4567)');
    await expect(ui.stateText(canvas, 'State')).toHaveAccessibleDescription('State/Province is required');
    await expect(ui.postal(canvas, 'ZIP Code')).toHaveAccessibleDescription(
      'Please enter a valid ZIP code (e.g., 12345 or 12345-6789)',
    );
    await expect(ui.mobile(canvas)).toHaveFocus();

    await userEvent.clear(ui.mobile(canvas));
    await userEvent.type(ui.mobile(canvas), '(415) 555-0132');
    await userEvent.type(ui.stateText(canvas, 'State'), 'California');
    await userEvent.type(ui.postal(canvas, 'ZIP Code'), '5-1234');
    await userEvent.click(ui.continue(canvas));
    await expect(args.onContinue).toHaveBeenCalledWith(
      expect.objectContaining({ country_code: 'US', state: 'California', pincode: '94105-1234', mobile: '(415) 555-0132' }),
    );
  },
};

/** The United Kingdom: 'State/Province', 'Postcode', and the UK phone and postcode messages. */
export const UnitedKingdom: Story = {
  args: { countryCode: 'GB', value: { ...EMPTY, country_code: 'GB' } },
  play: async ({ canvas, args }) => {
    await userEvent.type(ui.name(canvas), 'Oliver Smith');
    await userEvent.type(ui.email(canvas), 'oliver@example.co.uk');
    await userEvent.type(ui.mobile(canvas), '12345');
    await userEvent.type(ui.address(canvas), '10 Downing Street, Westminster');
    await userEvent.type(ui.city(canvas), 'London');
    await userEvent.type(ui.postal(canvas, 'Postcode'), 'LONDON');
    await userEvent.click(ui.continue(canvas));
    await expect(ui.mobile(canvas)).toHaveAccessibleDescription('Please enter a valid UK phone number (e.g., 07123 456789)');
    await expect(ui.stateText(canvas, 'State/Province')).toHaveAccessibleDescription('State/Province is required');
    await expect(ui.postal(canvas, 'Postcode')).toHaveAccessibleDescription('Please enter a valid UK postcode (e.g., SW1A 1AA)');
    await expect(args.onContinue).not.toHaveBeenCalled();

    await userEvent.clear(ui.mobile(canvas));
    await userEvent.type(ui.mobile(canvas), '07123 456789');
    await userEvent.type(ui.stateText(canvas, 'State/Province'), 'Greater London');
    await userEvent.clear(ui.postal(canvas, 'Postcode'));
    await userEvent.type(ui.postal(canvas, 'Postcode'), 'sw1a 2aa');
    await userEvent.click(ui.continue(canvas));
    await expect(args.onContinue).toHaveBeenCalledWith(expect.objectContaining({ country_code: 'GB', pincode: 'sw1a 2aa' }));
  },
};

/** On a phone the fields stack. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2' } },
  play: async ({ canvas }) => {
    const email = ui.email(canvas).getBoundingClientRect();
    const mobile = ui.mobile(canvas).getBoundingClientRect();
    await expect(mobile.top).toBeGreaterThan(email.top);
  },
};
