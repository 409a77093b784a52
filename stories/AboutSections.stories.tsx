import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  AboutApproachList,
  AboutCardGrid,
  AboutStatements,
  CallToActionBanner,
  PageHero,
  PageSection,
} from '@charity/ui';
import { componentDocs } from './support/docs';

const values = [
  { title: 'Compassion', description: 'We meet every child and family with kindness.', icon: 'heart' },
  { title: 'Trust', description: 'We are open about how every rupee is used.', icon: 'shield' },
  { title: 'Collaboration', description: 'We work alongside families and communities.', icon: 'users' },
  { title: 'Excellence', description: 'We keep learning and improving our care.', icon: 'star' },
] as const;

const points = [
  { title: 'Every child included', description: 'Learning open to every child.' },
  { title: 'Rooted in context', description: "Lessons that start from a child's world." },
  { title: 'Child-friendly classrooms', description: 'Safe, joyful places to learn.' },
];

const meta = {
  title: 'About/Sections',
  component: PageSection,
  args: { title: 'Our Values', intro: 'What guides our work with children and families.' },
  parameters: {
    layout: 'fullscreen',
    docs: componentDocs({
      summary: 'Building blocks of the About page: `PageSection` (a titled section with an intro) and the value, team and story blocks rendered inside it.',
      usage: `<PageSection title="Our Values" intro="What guides our work with children and families.">
  …
</PageSection>`,
      a11y: [
        'Each section is a `<section>` labelled by its own heading (`aria-labelledby`), so it is listed as a landmark region.',
        'Decorative icons are `aria-hidden`; all meaning is in the text.',
      ],
    }),
  },
} satisfies Meta<typeof PageSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The page's h1 with eyebrow and lead, in a plain header (no landmark, so no name clash with the footer). */
export const Hero: Story = {
  render: () => (
    <PageHero
      eyebrow="Who We Are"
      title="About Bright Beginnings Foundation"
      lead="A registered non-profit caring for infants and children."
    />
  ),
  play: async ({ canvas }) => {
    const h1 = canvas.getByRole('heading', { level: 1 });
    await expect(h1).toHaveTextContent('About Bright Beginnings Foundation');
    await expect(h1.closest('header')).not.toBeNull();
    await expect(canvas.getByText('Who We Are')).toBeVisible();
  },
};

/** Mission and vision, each a named section with an h2. */
export const MissionAndVision: Story = {
  render: () => (
    <AboutStatements
      statements={[
        { title: 'Our Mission', text: 'To give every child care, protection and opportunity.', icon: 'compass' },
        { title: 'Our Vision', text: 'A world where every child can thrive.', icon: 'eye' },
      ]}
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Our Mission' })).toHaveTextContent('care, protection');
    await expect(canvas.getByRole('region', { name: 'Our Vision' })).toHaveTextContent('every child can thrive');
  },
};

/** Four value cards in a titled section: a list of four items, each with an h3. */
export const Values: Story = {
  render: (args) => (
    <PageSection {...args}>
      <AboutCardGrid items={values} />
    </PageSection>
  ),
  play: async ({ canvas }) => {
    const section = canvas.getByRole('region', { name: 'Our Values' });
    await expect(within(section).getByRole('heading', { level: 2, name: 'Our Values' })).toBeVisible();
    await expect(within(section).getAllByRole('listitem')).toHaveLength(4);
    await expect(within(section).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Compassion',
      'Trust',
      'Collaboration',
      'Excellence',
    ]);
  },
};

export const ValuesMobile: Story = {
  ...Values,
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvas }) => {
    const [first, second] = canvas.getAllByRole('listitem');
    await expect(second!.getBoundingClientRect().top).toBeGreaterThan(first!.getBoundingClientRect().bottom);
  },
};

/** Numbered approach points on the cream surface: an ordered list whose numbers are not read twice. */
export const ApproachPoints: Story = {
  args: { title: 'Our Approach to Education', tone: 'alt', intro: undefined },
  render: (args) => (
    <PageSection {...args}>
      <AboutApproachList points={points} />
    </PageSection>
  ),
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list');
    await expect(list.tagName).toBe('OL');
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await expect(within(list).getByText('2')).toHaveAttribute('aria-hidden', 'true');
  },
};

/** A section whose title is for assistive technology only. */
export const HiddenTitle: Story = {
  args: { title: 'Our Programs', hideTitle: true, intro: undefined },
  render: (args) => (
    <PageSection {...args}>
      <AboutCardGrid columns={2} items={values.slice(0, 2)} />
    </PageSection>
  ),
  play: async ({ canvas }) => {
    const heading = canvas.getByRole('heading', { level: 2, name: 'Our Programs' });
    await expect(heading).toHaveClass('cs-visually-hidden');
    await expect(canvas.getByRole('region', { name: 'Our Programs' })).toBeInTheDocument();
  },
};

/** The closing call to action: Donate and Contact links rendered through LinkProvider. */
export const CallToAction: Story = {
  render: () => (
    <CallToActionBanner
      title="Help Us Give Every Child a Bright Beginning"
      text="Your support reaches children who need it."
      primary={{ label: 'Donate Now', href: '/donate' }}
      secondary={{ label: 'Contact Us', href: '/contact' }}
    />
  ),
  play: async ({ canvas }) => {
    const section = canvas.getByRole('region', { name: 'Help Us Give Every Child a Bright Beginning' });
    await expect(within(section).getByRole('link', { name: 'Donate Now' })).toHaveAttribute('href', '/donate');
    await expect(within(section).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  },
};

export const CallToActionSingle: Story = {
  render: () => <CallToActionBanner title="Make a Donation" primary={{ label: 'Donate Now', href: '/donate' }} />,
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('link')).toHaveLength(1);
  },
};
