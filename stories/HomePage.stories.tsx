import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  EducationQualitySection,
  FocusSection,
  HeroSection,
  HowWeHelpSection,
  ImpactSection,
  WhyChooseUsSection,
  type Slide,
} from '@charity/ui';
import { storySlides } from './marketing-fixtures';
import { componentDocs } from './support/docs';
import { initialToggleName } from './support/motion';

// The home page as the site composes it from ui sections (the site adds its featured campaigns at the end).

const focusSlides: Slide[] = storySlides(3).map((slide, i) => ({
  ...slide,
  id: `focus-${i + 1}`,
  caption: ['Education: a girl walks to school with her little brother', 'Health: a growth check at our clinic', 'Food: a warm meal at home'][i] ?? '',
  captionShort: ['Education', 'Health', 'Food'][i] ?? '',
}));

function HomePage({ reducedMotion }: { reducedMotion?: boolean }) {
  return (
    <>
      <HeroSection slides={storySlides(8)} scrollTargetId="focus-areas" reducedMotion={reducedMotion} />
      <ImpactSection />
      <FocusSection id="focus-areas" slides={focusSlides} reducedMotion={reducedMotion} />
      <EducationQualitySection />
      <HowWeHelpSection />
      <WhyChooseUsSection />
    </>
  );
}

const meta = {
  title: 'Pages/Home',
  component: HomePage,
  parameters: {
    layout: 'fullscreen',
    docs: componentDocs({
      summary: 'The whole Home page composed from the marketing sections.',
      usage: `<HomePage … />`,
      a11y: [
        'One `<h1>`; every section is labelled by its heading, in reading order.',
      ],
    }),
  },
  beforeEach: () => {
    window.scrollTo(0, 0);
    return () => window.scrollTo(0, 0);
  },
} satisfies Meta<typeof HomePage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every section in the spec's order, each a region named by its heading. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const headings = canvas.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Every Child Deserves Love, Care & Opportunity',
    );
    await expect(headings).toEqual([
      'Our Impact',
      'Our Focus Areas',
      'Quality Education for Every Child',
      'How We Help',
      'Why Choose Us',
    ]);
    const impact = canvas.getByRole('region', { name: 'Our Impact' });
    for (const label of ['Children Supported', 'Families Helped', 'Meals Provided', 'Health Checkups']) {
      await expect(within(impact).getByText(label)).toBeVisible();
    }
    const focus = canvas.getByRole('region', { name: 'Our Focus Areas' });
    await expect(within(focus).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Education',
      'Health',
      'Food',
    ]);
    const focusShow = within(focus).getByRole('region', { name: 'Our focus areas in pictures' });
    await expect(within(focusShow).getByRole('group', { name: '1 of 3' })).toBeInTheDocument();
    // Further down the page: its first image loads lazily, leaving bandwidth to the hero's picture.
    await expect(focusShow.querySelector('img')).toHaveAttribute('loading', 'lazy');
    // Both shows rotate by themselves, unless the system asks for reduced motion.
    await expect(canvas.getAllByRole('button', { name: initialToggleName() })).toHaveLength(2);
  },
};

/** The scroll-down button brings the focus-areas section into view and moves keyboard focus there. */
export const ScrollDown: Story = {
  play: async ({ canvas }) => {
    const focus = canvas.getByRole('region', { name: 'Our Focus Areas' });
    await expect(focus.getBoundingClientRect().top).toBeGreaterThan(window.innerHeight / 2);
    await userEvent.click(canvas.getByRole('button', { name: 'See our focus areas' }));
    await expect(focus).toHaveFocus();
    await waitFor(() => expect(Math.abs(focus.getBoundingClientRect().top)).toBeLessThan(24), { timeout: 3000 });
    // The next Tab continues inside the section: its slideshow's toggle.
    await userEvent.tab();
    await expect(within(focus).getByRole('button', { name: initialToggleName() })).toHaveFocus();
  },
};

/** Reduced motion: neither slideshow starts by itself. */
export const ReducedMotion: Story = {
  args: { reducedMotion: true },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button', { name: 'Play slideshow' })).toHaveLength(2);
    await expect(canvas.queryByRole('button', { name: 'Pause slideshow' })).toBeNull();
  },
};

/** Phones: one column, nothing wider than the screen. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(window.innerWidth).toBeLessThan(768);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    await expect(canvas.getByRole('link', { name: 'Start Supporting' })).toBeVisible();
  },
};
