import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Footer } from '@charity/ui';
import { componentDocs } from './support/docs';

const organisation = {
  name: "Children's Charity",
  description: 'Supporting infants and children with education, health, nutrition and care.',
  email: 'info@example.org',
  phone: '+91 98765 43210',
  address: '12 Example Road, Bengaluru 560001, India',
  registration: 'Registration No. 602 of 2019',
  taxApprovals: ['12A', '80G'],
  socials: [
    { network: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/' },
    { network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/' },
    { network: 'x', label: 'X (Twitter)', href: 'https://x.com/' },
    { network: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/' },
    { network: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/' },
  ],
};

const meta = {
  title: 'Layout/Footer',
  component: Footer,
  args: { organisation },
  parameters: {
    layout: 'fullscreen',
    docs: componentDocs({
      summary: 'The site footer: organisation details, links, social profiles and the copyright year.',
      usage: `<Footer organisation={organisation} />`,
      a11y: [
        'A `<footer>` with labelled link groups; social links have accessible names (\'Facebook\') and open in a new tab with `rel="noopener noreferrer"`.',
        'Link colours on the dark surface keep 4.5:1 (`--cs-color-inverse-link`).',
      ],
    }),
  },
} satisfies Meta<typeof Footer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const footer = canvas.getByRole('contentinfo');
    const quick = within(footer).getByRole('navigation', { name: 'Quick Links' });
    await expect(within(quick).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Home',
      'About',
      'Campaigns',
      'Events',
      'Contact',
      'Donate',
    ]);
    await expect(within(footer).getByRole('link', { name: 'Phone: +91 98765 43210' })).toHaveAttribute(
      'href',
      'tel:+919876543210',
    );
    await expect(within(footer).getByRole('link', { name: 'Email: info@example.org' })).toHaveAttribute(
      'href',
      'mailto:info@example.org',
    );
    await expect(within(footer).getByText('12 Example Road, Bengaluru 560001, India')).toBeVisible();

    const social = within(footer).getByRole('region', { name: 'Follow Us' });
    const socialLinks = within(social).getAllByRole('link');
    await expect(socialLinks).toHaveLength(5);
    for (const name of ['Facebook', 'Instagram', 'X (Twitter)', 'LinkedIn', 'YouTube']) {
      const link = within(social).getByRole('link', { name });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }

    await expect(within(footer).getByText('Registration No. 602 of 2019')).toBeVisible();
    await expect(within(footer).getByText('Tax approvals: 12A and 80G')).toBeVisible();
    const year = new Date().getFullYear();
    await expect(within(footer).getByText(`© ${year} Children's Charity. All rights reserved.`)).toBeVisible();
  },
};

/** Without props the footer shows the organisation defaults (the domain package's data once wired). */
export const Defaults: Story = {
  args: { organisation: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Registration No. 602 of 2019')).toBeVisible();
    await expect(canvas.getByText('Tax approvals: 12A and 80G')).toBeVisible();
    await expect(within(canvas.getByRole('region', { name: 'Follow Us' })).getAllByRole('link')).toHaveLength(5);
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(window.innerWidth).toBeLessThan(768);
    const footer = canvas.getByRole('contentinfo');
    // One column: nothing overflows the narrow screen.
    await expect(footer.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const CustomLinks: Story = {
  args: {
    links: [
      { label: 'Home', href: '/' },
      { label: 'Donate', href: '/donate' },
    ],
  },
  play: async ({ canvas }) => {
    const quick = canvas.getByRole('navigation', { name: 'Quick Links' });
    await expect(within(quick).getAllByRole('link')).toHaveLength(2);
  },
};
