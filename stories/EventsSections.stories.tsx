import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { EventsClosing, EventsHero, Footer } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Events/EventsSections',
  component: EventsHero,
  parameters: {
    layout: 'fullscreen',
    docs: componentDocs({
      summary: 'Events page hero and closing sections.',
      usage: `<EventsHero />
…
<EventsClosing />`,
      a11y: [
        'Each section is labelled by its heading.',
      ],
    }),
  },
} satisfies Meta<typeof EventsHero>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The events page's hero: its one h1 contains 'Events'. */
export const Hero: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Events');
  },
};

/** The closing links: 'Get Involved' → /contact, 'Support Our Mission' → /donate. */
export const Closing: Story = {
  render: () => <EventsClosing />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Get Involved' })).toHaveAttribute('href', '/contact');
    await expect(canvas.getByRole('link', { name: 'Support Our Mission' })).toHaveAttribute('href', '/donate');
  },
};

/** Relative luminance of a computed `rgb(r, g, b)` colour (WCAG 2). */
function luminance(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The end of the events page as the site draws it: the closing band, then the footer. The band was the footer's dark
 * colour, so the two ran together (issue 19); it is now the primary band, clearly apart from the footer.
 */
export const ClosingAboveFooter: Story = {
  render: () => (
    <>
      <EventsClosing />
      <Footer />
    </>
  ),
  play: async ({ canvas, canvasElement }) => {
    const band = canvas.getByRole('region', { name: 'Be Part of Our Next Event' });
    const footer = canvas.getByRole('contentinfo');
    // Touching, as on the page: the colours alone must tell them apart.
    await expect(Math.round(footer.getBoundingClientRect().top)).toBe(Math.round(band.getBoundingClientRect().bottom));
    const bandColour = getComputedStyle(band).backgroundColor;
    const footerColour = getComputedStyle(footer).backgroundColor;
    await expect(bandColour).not.toBe(footerColour);
    const [light, dark] = [luminance(bandColour), luminance(footerColour)].sort((a, b) => b - a) as [number, number];
    await expect((light + 0.05) / (dark + 0.05)).toBeGreaterThanOrEqual(2);
    // The band is the site's primary colour, with its text in the primary's contrast colour.
    const probe = canvasElement.ownerDocument.createElement('div');
    probe.style.color = 'var(--cs-color-primary)';
    canvasElement.append(probe);
    await expect(bandColour).toBe(getComputedStyle(probe).color);
    probe.remove();
    await expect(canvas.getByRole('link', { name: 'Get Involved' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Support Our Mission' })).toBeVisible();
  },
};
