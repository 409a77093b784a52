import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { CountryGrid, InternationalDonationsSection } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Donation/Donate page/CountryGrid',
  component: CountryGrid,
  parameters: {
    layout: 'fullscreen',
    docs: componentDocs({
      summary: 'Donate page: the countries donations can be made from, and the international donations section around it.',
      usage: `<InternationalDonationsSection>
  <CountryGrid />
</InternationalDonationsSection>`,
      a11y: [
        'A list; flags are decorative images (alt="") and each country name is text.',
      ],
    }),
  },
} satisfies Meta<typeof CountryGrid>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A flag image's address: flag-icons' file for the code, fingerprinted in a build (in-Ab12_x.svg). */
function flagSrc(code: string): RegExp {
  return new RegExp(`/flag-icons/flags/4x3/${code}\\.svg(?:\\?.*)?$|/assets/${code}-[\\w-]+\\.svg$`);
}

/** Each tile as text: its flag (the image's file name, or 'globe'), name, code and currency. */
function tiles(canvasElement: HTMLElement) {
  return [...canvasElement.querySelectorAll('.cs-country-grid__item')].map((item) => {
    const image = item.querySelector('img');
    return {
      flag: image ? image.getAttribute('src')?.match(/\/(\w+)(?:-[\w-]+)?\.svg/)?.[1] : item.querySelector('.cs-country-grid__flag--globe svg') ? 'globe' : undefined,
      name: item.querySelector('.cs-country-grid__name')?.textContent,
      code: item.querySelector('.cs-country-grid__code')?.textContent,
      currency: item.querySelector('.cs-country-grid__currency')?.textContent,
    };
  });
}

/** 'International Donations Welcome' on /donate: the seven countries, each with its flag as an image. */
export const Default: Story = {
  render: () => <InternationalDonationsSection />,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('region', { name: 'International Donations Welcome' })).toBeVisible();
    await expect(tiles(canvasElement)).toEqual([
      { flag: 'in', name: 'India', code: 'IN', currency: 'INR' },
      { flag: 'us', name: 'United States', code: 'US', currency: 'USD' },
      { flag: 'eu', name: 'European Union', code: 'EU', currency: 'EUR' },
      { flag: 'ca', name: 'Canada', code: 'CA', currency: 'CAD' },
      { flag: 'au', name: 'Australia', code: 'AU', currency: 'AUD' },
      { flag: 'sg', name: 'Singapore', code: 'SG', currency: 'SGD' },
      { flag: 'my', name: 'Malaysia', code: 'MY', currency: 'MYR' },
    ]);
    // No emoji anywhere: they showed as empty boxes on systems without an emoji font.
    await expect(canvasElement.textContent).not.toMatch(/\p{Extended_Pictographic}|\p{Regional_Indicator}/u);
    const images = [...canvasElement.querySelectorAll('img')];
    await expect(images).toHaveLength(7);
    for (const [index, image] of images.entries()) {
      const code = ['in', 'us', 'eu', 'ca', 'au', 'sg', 'my'][index] ?? '';
      await expect(image.getAttribute('src')).toMatch(flagSrc(code));
      // A file, never a data: URI inlined into the JavaScript.
      await expect(image.getAttribute('src')).not.toMatch(/^data:/);
      // Decorative: the country name beside it carries the meaning, so the image has no text of its own.
      await expect(image).toHaveAttribute('alt', '');
      // Loaded only as the grid nears the screen, at a set size so the tile never shifts.
      await expect(image).toHaveAttribute('loading', 'lazy');
      await expect(image).toHaveAttribute('width', '48');
      await expect(image).toHaveAttribute('height', '36');
    }
    // The images load: the files exist where the src says.
    for (const image of images) {
      image.loading = 'eager';
      await waitFor(() => expect(image.complete && image.naturalWidth > 0).toBe(true), { timeout: 5000 });
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
      'in India',
      'globe United Kingdom',
      'globe Germany',
      'globe Denmark',
      'sg Singapore',
    ]);
    // The globe is a drawn icon, hidden from assistive technology like the flags.
    for (const globe of canvasElement.querySelectorAll('.cs-country-grid__flag--globe svg')) {
      await expect(globe).toHaveAttribute('aria-hidden', 'true');
    }
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
