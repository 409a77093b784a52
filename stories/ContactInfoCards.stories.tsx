import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import {
  ContactForm,
  ContactInfoCards,
  ContactLayout,
  EmergencyHotline,
  FAQ,
  OfficeHours,
  PageHero,
  PageSection,
  SocialLinks,
} from '@charity/ui';
import { componentDocs } from './support/docs';

const details = {
  phone: '+91 80 4123 5678',
  phoneHours: 'Mon-Fri 9 AM-6 PM',
  email: 'contact@example.org',
  replyWithinHours: 24,
  address: '12 Example Road, Bengaluru, Karnataka 560001, India',
};

const hours = [
  { days: 'Monday - Friday', hours: '9:00 AM - 6:00 PM' },
  { days: 'Saturday', hours: '10:00 AM - 4:00 PM' },
  { days: 'Sunday', hours: 'Closed' },
];

const socials = [
  { network: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/' },
  { network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/' },
  { network: 'x', label: 'X (Twitter)', href: 'https://x.com/' },
  { network: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { network: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/' },
];

const meta = {
  title: 'Contact/ContactInfoCards',
  component: ContactInfoCards,
  args: { details },
  parameters: {
    layout: 'fullscreen',
    docs: componentDocs({
      summary: 'The Contact page\'s phone, e-mail and address cards.',
      usage: `<ContactInfoCards details={organisation.contact} />`,
      a11y: [
        'A labelled section; phone and e-mail are real `tel:` and `mailto:` links.',
      ],
    }),
  },
} satisfies Meta<typeof ContactInfoCards>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Phone, email and address cards with tel: and mailto: links, phone hours and the 24-hour reply promise. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const group = canvas.getByRole('region', { name: 'Ways to Reach Us' });
    const cards = within(group).getAllByRole('listitem');
    await expect(cards).toHaveLength(3);
    await expect(within(group).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Call Us',
      'Email Us',
      'Visit Us',
    ]);
    await expect(canvas.getByRole('link', { name: '+91 80 4123 5678' })).toHaveAttribute('href', 'tel:+918041235678');
    await expect(canvas.getByText('Mon-Fri 9 AM-6 PM')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'contact@example.org' })).toHaveAttribute(
      'href',
      'mailto:contact@example.org',
    );
    await expect(canvas.getByText('We reply within 24 hours')).toBeVisible();
    await expect(canvas.getByText(details.address).tagName).toBe('ADDRESS');
  },
};

/** Without props the organisation's own details from @charity/domain are shown. */
export const OrganisationDefaults: Story = {
  args: { details: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: /^\+91/ }).getAttribute('href')).toMatch(/^tel:\+91\d{10}$/);
    await expect(canvas.getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:.+@.+\..+/);
  },
};

export const VisibleHeading: Story = {
  args: { showHeading: true, heading: 'Get in Touch' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Get in Touch' })).toBeVisible();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvas }) => {
    const [first, second] = canvas.getAllByRole('listitem');
    await expect(second!.getBoundingClientRect().top).toBeGreaterThan(first!.getBoundingClientRect().bottom);
  },
};

/** The side column: office hours as a description list, the emergency hotline, five named social links. */
export const DetailsPanels: Story = {
  render: () => (
    <div style={{ maxWidth: '24rem', display: 'grid', gap: '1.25rem', padding: '1rem' }}>
      <OfficeHours hours={hours} />
      <EmergencyHotline hotline="+91 98450 12345" />
      <SocialLinks links={socials} />
    </div>
  ),
  play: async ({ canvas }) => {
    const office = canvas.getByRole('region', { name: 'Office Hours' });
    const terms = within(office).getAllByRole('term').map((t) => t.textContent);
    const values = within(office).getAllByRole('definition').map((d) => d.textContent);
    await expect(terms).toEqual(['Monday - Friday', 'Saturday', 'Sunday']);
    await expect(values).toEqual(['9:00 AM - 6:00 PM', '10:00 AM - 4:00 PM', 'Closed']);

    const emergency = canvas.getByRole('region', { name: 'Emergency Hotline' });
    await expect(within(emergency).getByRole('link', { name: '+91 98450 12345' })).toHaveAttribute(
      'href',
      'tel:+919845012345',
    );
    await expect(emergency).toHaveTextContent('call 112');

    const social = canvas.getByRole('region', { name: 'Connect With Us' });
    const links = within(social).getAllByRole('link');
    await expect(links).toHaveLength(5);
    for (const network of ['Facebook', 'Instagram', 'X (Twitter)', 'LinkedIn', 'YouTube']) {
      const link = within(social).getByRole('link', { name: `${network} (opens in a new tab)` });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  },
};

/** The contact page as the site composes it, for reviewing the layout as a whole. */
export const ContactPageComposition: Story = {
  render: () => (
    <>
      <PageHero title="Contact Us" lead="We reply to every message within 24 hours." />
      <ContactInfoCards details={details} />
      <ContactLayout
        title="Send Us a Message"
        intro="Fill in the form and we will get back to you."
        main={<ContactForm onSubmit={fn(async () => {})} />}
        aside={
          <>
            <OfficeHours hours={hours} />
            <EmergencyHotline hotline="+91 98450 12345" />
            <SocialLinks links={socials} />
          </>
        }
      />
      <PageSection title="Frequently Asked Questions" tone="alt">
        <FAQ
          items={[{ question: 'How can I volunteer with you?', answer: 'Write to us with the subject Volunteer.' }]}
          footer={
            <>
              Other questions? Email <a href={`mailto:${details.email}`}>{details.email}</a>.
            </>
          }
        />
      </PageSection>
    </>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    const levels = canvas.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    // No level is skipped on the way down.
    for (let i = 1; i < levels.length; i += 1) {
      await expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
    }
    await expect(canvas.getByRole('region', { name: 'Send Us a Message' })).toContainElement(
      canvas.getByRole('button', { name: 'Send Message' }),
    );
  },
};
