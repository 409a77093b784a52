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

/** The email link's text as the lines it is drawn on. */
function renderedLines(link: HTMLElement): string[] {
  const lines: string[] = [];
  let lastTop: number | null = null;
  const walker = link.ownerDocument.createTreeWalker(link, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (let i = 0; i < text.length; i++) {
      const range = link.ownerDocument.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const top = Math.round(range.getBoundingClientRect().top);
      if (lastTop === null || top > lastTop + 2) lines.push(text[i] ?? '');
      else lines.push(`${lines.pop() ?? ''}${text[i] ?? ''}`);
      lastTop = top;
    }
  }
  return lines;
}

const PHONE_375 = {
  viewport: { options: { phone375: { name: 'Phone 375', styles: { width: '375px', height: '667px' }, type: 'mobile' } } },
} as const;

/**
 * The organisation's real address, contact@brightbeginnings.org.in, on the narrowest phone (320px): too long for the
 * column, it wraps after the @, never inside a word (issue 19), and nothing scrolls sideways.
 */
export const LongEmail320: Story = {
  args: { organisation: undefined },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(window.innerWidth).toBe(320);
    const link = canvas.getByRole('link', { name: 'Email: contact@brightbeginnings.org.in' });
    await expect(link).toHaveAttribute('href', 'mailto:contact@brightbeginnings.org.in');
    // Whole where the font is narrow enough, else after the @: never 'contact@brightbeginnings.org.i' / 'n'.
    await expect([['contact@brightbeginnings.org.in'], ['contact@', 'brightbeginnings.org.in']]).toContainEqual(
      renderedLines(link),
    );
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    await expect(link.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** At 375px the address fits on one line, whole. */
export const LongEmail375: Story = {
  args: { organisation: undefined },
  parameters: PHONE_375,
  globals: { viewport: { value: 'phone375', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(window.innerWidth).toBe(375);
    const link = canvas.getByRole('link', { name: 'Email: contact@brightbeginnings.org.in' });
    await expect(renderedLines(link)).toEqual(['contact@brightbeginnings.org.in']);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
