import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { EMPTY_DONATION_FILTERS, type DonationFilters as DonationFilterValues } from '@charity/domain';
import { DonationFilters, type DonationFiltersProps } from '@charity/ui';
import { pickOption } from './support/pick-option';
import { FILTER_CAMPAIGNS, FILTER_COUNTRIES, FILTER_CURRENCIES } from './support/admin-fixtures-records';

/** The partner sites the filter offers (configured in PARTNER_ORIGINS or seen on a donation). */
const FILTER_PARTNERS = [{ origin: 'https://ngo.example' }, { origin: 'https://school.example' }];
import { componentDocs } from './support/docs';

/** Controlled as the site uses it: the filters live in the URL, changes come back as the new value. */
function Controlled(props: DonationFiltersProps) {
  const [value, setValue] = useState<DonationFilterValues>(props.value);
  return (
    <DonationFilters
      {...props}
      value={value}
      onChange={(next) => {
        props.onChange(next);
        setValue(next);
      }}
      onClear={() => {
        props.onClear();
        setValue({ ...EMPTY_DONATION_FILTERS });
      }}
    />
  );
}

const meta = {
  title: 'Admin/Donations/DonationFilters',
  component: DonationFilters,
  parameters: {
    docs: componentDocs({
      summary: 'Filters of the admin donations list (dates, campaign, country, currency, status, source, search) and CSV export.',
      usage: `<DonationFilters value={filters} campaigns={campaigns} countries={countries} currencies={currencies}
  partners={partners} onChange={setFilters} onClear={clear} onExport={exportCsv} />`,
      a11y: [
        'A labelled `role="search"` landmark; an invalid date range is described on the inputs (`aria-invalid`, `aria-describedby`).',
        'The count of active filters is announced politely (`aria-live`).',
      ],
    }),
  },
  args: {
    value: { ...EMPTY_DONATION_FILTERS },
    campaigns: FILTER_CAMPAIGNS,
    countries: FILTER_COUNTRIES,
    currencies: FILTER_CURRENCIES,
    partners: FILTER_PARTNERS,
    onChange: fn(),
    onClear: fn(),
    onExport: fn(),
  },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof DonationFilters>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
type Scope = ReturnType<typeof within>;

const control = {
  search: (c: Scope) => c.getByRole('searchbox', { name: 'Search donations' }),
  from: (c: Scope) => c.getByLabelText('From'),
  to: (c: Scope) => c.getByLabelText('To'),
  campaign: (c: Scope) => c.getByRole('combobox', { name: 'Campaign' }),
  country: (c: Scope) => c.getByRole('combobox', { name: 'Country' }),
  currency: (c: Scope) => c.getByRole('combobox', { name: 'Currency' }),
  type: (c: Scope) => c.getByRole('combobox', { name: 'Type' }),
  status: (c: Scope) => c.getByRole('combobox', { name: 'Status' }),
  source: (c: Scope) => c.getByRole('combobox', { name: 'Source' }),
};

async function optionsOf(trigger: HTMLElement, name: string): Promise<string[]> {
  await userEvent.click(trigger);
  const listbox = await body.findByRole('listbox', { name });
  const options = within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
  return options;
}

/** No filter: every select on its "any" choice, no 'Clear filters'. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('search', { name: 'Donation search' })).toBeVisible();
    await expect(control.search(canvas)).toHaveAttribute('placeholder', 'Name, e-mail, receipt or payment id');
    await expect(control.search(canvas)).toHaveValue('');
    await expect(control.from(canvas)).toHaveAttribute('type', 'date');
    await expect(control.to(canvas)).toHaveAttribute('type', 'date');
    await expect(control.campaign(canvas)).toHaveTextContent('Any campaign');
    await expect(control.country(canvas)).toHaveTextContent('Any country');
    await expect(control.currency(canvas)).toHaveTextContent('Any currency');
    await expect(control.type(canvas)).toHaveTextContent('Any type');
    await expect(control.status(canvas)).toHaveTextContent('Any status');
    await expect(control.source(canvas)).toHaveTextContent('Any source');
    await expect(canvas.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Export CSV' })).toBeEnabled();

    await expect(await optionsOf(control.campaign(canvas), 'Campaign')).toEqual([
      'Any campaign',
      'General donation',
      'Library Corners',
      'Winter Health Camp',
    ]);
    await expect(await optionsOf(control.country(canvas), 'Country')).toEqual(['Any country', 'India', 'United States', 'United Kingdom']);
    await expect(await optionsOf(control.currency(canvas), 'Currency')).toEqual(['Any currency', 'INR', 'USD', 'GBP']);
    await expect(await optionsOf(control.type(canvas), 'Type')).toEqual(['Any type', 'One-time', 'Monthly']);
    await expect(await optionsOf(control.status(canvas), 'Status')).toEqual(['Any status', 'Pending', 'Completed', 'Failed', 'Refunded']);
    await expect(await optionsOf(control.source(canvas), 'Source')).toEqual([
      'Any source',
      'Website',
      'Widget: https://ngo.example',
      'Widget: https://school.example',
    ]);
  },
};

/**
 * The partner filter (README: filter `partner`): a partner's widget by its origin, the charity's own site ('none'),
 * then any source again. The choices read as the Source column of the list does.
 */
export const PartnerChosen: Story = {
  play: async ({ canvas, args }) => {
    await pickOption(control.source(canvas), 'Website');
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...EMPTY_DONATION_FILTERS, partner: 'none' });
    await expect(control.source(canvas)).toHaveTextContent('Website');
    await pickOption(control.source(canvas), 'Any source');
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...EMPTY_DONATION_FILTERS });
    // Rests on a partner chosen (the state a designer reviews).
    await pickOption(control.source(canvas), 'Widget: https://school.example');
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...EMPTY_DONATION_FILTERS, partner: 'https://school.example' });
    await expect(control.source(canvas)).toHaveTextContent('Widget: https://school.example');
    await expect(canvas.getByRole('button', { name: 'Clear filters' })).toBeVisible();
    await expect(args.onChange).toHaveBeenCalledTimes(3);
  },
};

/** A partner from a link that the list does not offer (no longer configured, or none loaded) still shows. */
export const UnknownPartner: Story = {
  args: { value: { ...EMPTY_DONATION_FILTERS, partner: 'https://former.example' }, partners: [] },
  play: async ({ canvas }) => {
    await expect(control.source(canvas)).toHaveTextContent('Widget: https://former.example');
    await expect(await optionsOf(control.source(canvas), 'Source')).toEqual(['Any source', 'Website', 'Widget: https://former.example']);
  },
};

/** The search runs on Enter, trimmed, not on every key. */
export const SearchOnEnter: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(control.search(canvas), '  asha@example.org ');
    await expect(args.onChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onChange).toHaveBeenCalledOnce();
    await expect(args.onChange).toHaveBeenCalledWith({ ...EMPTY_DONATION_FILTERS, q: 'asha@example.org' });
    // The same term again changes nothing.
    await userEvent.keyboard('{Enter}');
    await expect(args.onChange).toHaveBeenCalledOnce();
  },
};

/** …or on the 'Search' button. */
export const SearchButton: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(control.search(canvas), 'RCP-2026-000042');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await expect(args.onChange).toHaveBeenCalledWith({ ...EMPTY_DONATION_FILTERS, q: 'RCP-2026-000042' });
  },
};

/** A campaign, then general donations (no campaign), then any campaign again. */
export const CampaignChosen: Story = {
  play: async ({ canvas, args }) => {
    await pickOption(control.campaign(canvas), 'Library Corners');
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...EMPTY_DONATION_FILTERS, campaign: '7' });
    await expect(control.campaign(canvas)).toHaveTextContent('Library Corners');
    await pickOption(control.campaign(canvas), 'General donation');
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...EMPTY_DONATION_FILTERS, campaign: 'none' });
    await pickOption(control.campaign(canvas), 'Any campaign');
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...EMPTY_DONATION_FILTERS });
    await expect(args.onChange).toHaveBeenCalledTimes(3);
  },
};

/** Country, currency, type and status add up into one filter object. */
export const OtherSelects: Story = {
  play: async ({ canvas, args }) => {
    await pickOption(control.country(canvas), 'United States');
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...EMPTY_DONATION_FILTERS, country: 'US' });
    await pickOption(control.currency(canvas), 'USD');
    await pickOption(control.type(canvas), 'Monthly');
    await pickOption(control.status(canvas), 'Pending');
    await expect(args.onChange).toHaveBeenLastCalledWith({
      ...EMPTY_DONATION_FILTERS,
      country: 'US',
      currency: 'USD',
      type: 'monthly',
      status: 'pending',
    });
    await expect(canvas.getByRole('button', { name: 'Clear filters' })).toBeVisible();
  },
};

/** A reversed range shows the domain's message under the dates and is not applied; another filter keeps the last valid range. */
export const InvalidRange: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(control.from(canvas), '2026-11-10');
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...EMPTY_DONATION_FILTERS, from: '2026-11-10' });
    await expect(args.onChange).toHaveBeenCalledTimes(1);

    await userEvent.type(control.to(canvas), '2026-11-01');
    const message = 'The "to" date must not be before the "from" date.';
    await expect(canvas.getByText(message)).toBeVisible();
    await expect(control.to(canvas)).toHaveAttribute('aria-invalid', 'true');
    await expect(control.from(canvas)).toHaveAttribute('aria-invalid', 'true');
    await expect(control.to(canvas)).toHaveAccessibleDescription(message);
    await expect(args.onChange).toHaveBeenCalledTimes(1);

    // Another filter meanwhile keeps the last valid range.
    await pickOption(control.status(canvas), 'Completed');
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...EMPTY_DONATION_FILTERS, from: '2026-11-10', status: 'completed' });
  },
};

/** Fixed, the range is applied with the other filter. */
export const InvalidRangeThenFixed: Story = {
  name: 'Invalid Range → Fixed',
  tags: ['!visual'], // Ends on a valid range, no message: InvalidRange shows the message.
  play: async (context) => {
    await InvalidRange.play?.(context);
    const { canvas, args } = context;
    const message = 'The "to" date must not be before the "from" date.';
    await userEvent.clear(control.to(canvas));
    await userEvent.type(control.to(canvas), '2026-11-30');
    await expect(canvas.queryByText(message)).toBeNull();
    await expect(control.to(canvas)).not.toHaveAttribute('aria-invalid');
    await expect(args.onChange).toHaveBeenLastCalledWith({
      ...EMPTY_DONATION_FILTERS,
      from: '2026-11-10',
      to: '2026-11-30',
      status: 'completed',
    });
  },
};

/** Filters from the URL: shown in the controls; 'Clear filters' empties them and keeps focus in the filters. */
export const ClearFilters: Story = {
  args: {
    value: {
      ...EMPTY_DONATION_FILTERS,
      q: 'asha',
      from: '2026-11-01',
      to: '2026-11-30',
      campaign: '7',
      country: 'IN',
      currency: 'INR',
      type: 'one_time',
      status: 'completed',
      partner: 'https://ngo.example',
    },
  },
  play: async ({ canvas, args }) => {
    await expect(control.search(canvas)).toHaveValue('asha');
    await expect(control.from(canvas)).toHaveValue('2026-11-01');
    await expect(control.to(canvas)).toHaveValue('2026-11-30');
    await expect(control.campaign(canvas)).toHaveTextContent('Library Corners');
    await expect(control.country(canvas)).toHaveTextContent('India');
    await expect(control.currency(canvas)).toHaveTextContent('INR');
    await expect(control.type(canvas)).toHaveTextContent('One-time');
    await expect(control.status(canvas)).toHaveTextContent('Completed');
    await expect(control.source(canvas)).toHaveTextContent('Widget: https://ngo.example');

    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await expect(args.onClear).toHaveBeenCalledOnce();
    await expect(args.onChange).not.toHaveBeenCalled();
    await expect(control.search(canvas)).toHaveValue('');
    await expect(control.from(canvas)).toHaveValue('');
    await expect(control.campaign(canvas)).toHaveTextContent('Any campaign');
    await expect(control.status(canvas)).toHaveTextContent('Any status');
    await expect(control.source(canvas)).toHaveTextContent('Any source');
    await expect(canvas.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    await expect(control.search(canvas)).toHaveFocus();
  },
};

/** A campaign id from a link that the list does not offer (deleted, or beyond the first 100) still shows. */
export const UnknownCampaign: Story = {
  args: { value: { ...EMPTY_DONATION_FILTERS, campaign: '99' } },
  play: async ({ canvas }) => {
    await expect(control.campaign(canvas)).toHaveTextContent('Campaign #99');
  },
};

export const ExportCsv: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }));
    await expect(args.onExport).toHaveBeenCalledOnce();
  },
};

export const Exporting: Story = {
  args: { exporting: true },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Exporting...' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onExport).not.toHaveBeenCalled();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvas, canvasElement }) => {
    await expect(window.innerWidth).toBeLessThan(500);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
    await expect(control.search(canvas)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  },
};
