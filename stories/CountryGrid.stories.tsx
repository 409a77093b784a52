import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { CountryGrid, InternationalDonationsSection } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Donate/CountryGrid',
  component: CountryGrid,
  parameters: {
    layout: 'fullscreen',
    docs: componentDocs({
      summary: 'Donate page: the countries donations can be made from, and the international donations section around it.',
      usage: `<InternationalDonationsSection>
  <CountryGrid />
</InternationalDonationsSection>`,
      a11y: [
        'A list; flags are decorative and each country name is text.',
      ],
    }),
  },
} satisfies Meta<typeof CountryGrid>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each tile as text: flag (or globe), name, code and currency. */
function tiles(canvasElement: HTMLElement) {
  return [...canvasElement.querySelectorAll('.cs-country-grid__item')].map((item) => ({
    flag: item.querySelector('.cs-country-grid__flag')?.textContent,
    name: item.querySelector('.cs-country-grid__name')?.textContent,
    code: item.querySelector('.cs-country-grid__code')?.textContent,
    currency: item.querySelector('.cs-country-grid__currency')?.textContent,
  }));
}

/** 'International Donations Welcome' on /donate: the seven countries, each with its flag. */
export const Default: Story = {
  render: () => <InternationalDonationsSection />,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('region', { name: 'International Donations Welcome' })).toBeVisible();
    await expect(tiles(canvasElement)).toEqual([
      { flag: '🇮🇳', name: 'India', code: 'IN', currency: 'INR' },
      { flag: '🇺🇸', name: 'United States', code: 'US', currency: 'USD' },
      { flag: '🇪🇺', name: 'European Union', code: 'EU', currency: 'EUR' },
      { flag: '🇨🇦', name: 'Canada', code: 'CA', currency: 'CAD' },
      { flag: '🇦🇺', name: 'Australia', code: 'AU', currency: 'AUD' },
      { flag: '🇸🇬', name: 'Singapore', code: 'SG', currency: 'SGD' },
      { flag: '🇲🇾', name: 'Malaysia', code: 'MY', currency: 'MYR' },
    ]);
    // Flags are decorative: the name carries the meaning for assistive technology.
    for (const flag of canvasElement.querySelectorAll('.cs-country-grid__flag')) {
      await expect(flag).toHaveAttribute('aria-hidden', 'true');
    }
    await expect(canvas.getAllByRole('listitem')[0]).toHaveTextContent('India');
  },
};

/** Countries without a flag of their own in the grid's set get the globe (spec §2: "otherwise a globe"). */
export const FlagsAndGlobe: Story = {
  args: {
    countries: [
      { code: 'IN', name: 'India', currency: 'INR' },
      { code: 'GB', name: 'United Kingdom', currency: 'GBP' },
      { code: 'DE', name: 'Germany', currency: 'EUR' },
      { code: 'DK', name: 'Denmark', currency: 'DKK' },
      { code: 'SG', name: 'Singapore', currency: 'SGD' },
    ],
  },
  decorators: [
    (Story) => (
      <div style={{ padding: '1.5rem' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await expect(tiles(canvasElement).map((tile) => `${tile.flag} ${tile.name}`)).toEqual([
      '🇮🇳 India',
      '🌐 United Kingdom',
      '🌐 Germany',
      '🌐 Denmark',
      '🇸🇬 Singapore',
    ]);
  },
};

/** Phones: two tiles per row, nothing wider than the screen. */
export const Mobile: Story = {
  ...Default,
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvasElement }) => {
    const items = [...canvasElement.querySelectorAll('.cs-country-grid__item')];
    const tops = items.map((item) => Math.round(item.getBoundingClientRect().top));
    await expect(tops[0]).toBe(tops[1]);
    await expect(tops[2]).toBeGreaterThan(tops[0] ?? 0);
    for (const item of items) await expect(item.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  },
};
