import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { HeroSection } from '@charity/ui';
import { storySlides } from './marketing-fixtures';
import { componentDocs } from './support/docs';
import { initialToggleName } from './support/motion';

const meta = {
  title: 'Marketing/HeroSection',
  component: HeroSection,
  args: { slides: storySlides(8) },
  parameters: {
    layout: 'fullscreen',
    docs: componentDocs({
      summary: 'Home page hero: slideshow, headline and calls to action.',
      usage: `<HeroSection slides={slides} scrollTargetId="next-section" />`,
      a11y: [
        'The slideshow stops autoplay under reduced motion; \'Scroll down\' moves focus to the next section.',
      ],
    }),
  },
} satisfies Meta<typeof HeroSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The headline, the two calls to action, the three badges and the eight-slide show rotating every 6 s. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const hero = canvas.getByRole('region', { name: 'Every Child Deserves Love, Care & Opportunity' });
    await expect(
      within(hero).getByRole('heading', { level: 1, name: 'Every Child Deserves Love, Care & Opportunity' }),
    ).toBeVisible();
    await expect(within(hero).getByRole('link', { name: 'Start Supporting' })).toHaveAttribute('href', '/donate');
    await expect(within(hero).getByRole('link', { name: 'View Campaigns' })).toHaveAttribute('href', '/campaigns');
    const badges = within(hero).getByRole('list', { name: 'Why donors trust us' });
    await expect(within(badges).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Trusted Organization',
      'Transparent Operations',
      'Direct Impact',
    ]);
    const show = within(hero).getByRole('region', { name: 'Moments from our work with children' });
    await expect(within(show).getByRole('group', { name: '1 of 8' })).toBeVisible();
    // Rotating by itself, unless the system asks for reduced motion.
    await expect(within(show).getByRole('button', { name: initialToggleName() })).toBeVisible();
    await expect(within(show).getByRole('img')).toHaveAttribute('fetchpriority', 'high');
    // Headline and slideshow side by side on a desktop.
    const title = within(hero).getByRole('heading', { level: 1 }).getBoundingClientRect();
    await expect(show.getBoundingClientRect().left).toBeGreaterThan(title.left + title.width / 2);
    // No scroll-down button unless a target is given.
    await expect(within(hero).queryByRole('button', { name: 'See our focus areas' })).toBeNull();
  },
};

/** With a target, the scroll-down button appears; its name is its visible text. */
export const WithScrollDown: Story = {
  args: { scrollTargetId: 'next-section', autoplay: false },
  decorators: [
    (Story) => (
      <>
        <Story />
        <section id="next-section" aria-label="Next section" style={{ minHeight: '120vh', padding: '2rem' }}>
          <h2>Next section</h2>
        </section>
      </>
    ),
  ],
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'See our focus areas' });
    await expect(button).toHaveAttribute('aria-controls', 'next-section');
    await userEvent.click(button);
    await expect(canvas.getByRole('region', { name: 'Next section' })).toHaveFocus();
  },
};

/** Phones: the headline comes first, then the buttons and badges, then the slideshow. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvas }) => {
    const heading = canvas.getByRole('heading', { level: 1 });
    const show = canvas.getByRole('region', { name: 'Moments from our work with children' });
    await expect(show.getBoundingClientRect().top).toBeGreaterThan(heading.getBoundingClientRect().bottom);
    await expect(canvas.getByRole('link', { name: 'Start Supporting' })).toBeVisible();
    await expect(within(show).getByText('Learning together')).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
