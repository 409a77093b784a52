import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { DonateCallToAction, DonationFormSection, WhyDonateSection } from '@charity/ui';
import { componentDocs } from './support/docs';

/* The /donate sections around the wizard that have no story file of their own. */

const meta = {
  title: 'Donation/Donate page/Sections',
  component: DonationFormSection,
  args: { id: 'donation-form', campaign: null, onChangeCampaign: fn() },
  parameters: {
    layout: 'fullscreen',
    docs: componentDocs({
      summary: 'Donate page sections: the form section with the chosen campaign, \'Why donate\' and the closing call to action.',
      usage: `<DonationFormSection id="donation-form" campaign={campaign} onChangeCampaign={pick}>
  <DonationWizard … />
</DonationFormSection>`,
      a11y: [
        'Each section is labelled by its heading; \'Change Campaign\' is a button that moves focus to the campaign picker.',
      ],
    }),
  },
} satisfies Meta<typeof DonationFormSection>;
export default meta;
type Story = StoryObj<typeof meta>;

const FORM = <p style={{ textAlign: 'center' }}>(The donation wizard goes here.)</p>;

/** 'Why Donate With Us?': four trust cards, two by two; the repeated secure-payments card is its own point. */
export const WhyDonate: Story = {
  render: () => <WhyDonateSection />,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('region', { name: 'Why Donate With Us?' })).toBeVisible();
    const titles = canvas.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    await expect(titles).toEqual(['Secure Payments', 'Secure & Encrypted', 'Direct Impact', 'International Support']);
    await expect(canvas.getByText(/processed by Stripe/)).toBeVisible();
    const tops = [...canvasElement.querySelectorAll('.cs-feature')].map((i) => Math.round(i.getBoundingClientRect().top));
    await expect(tops[0]).toBe(tops[1]);
    await expect(tops[2]).toBeGreaterThan(tops[0] ?? 0);
  },
};

/** 'Start Your Donation' for a general donation: no banner, just the form. */
export const FormGeneralDonation: Story = {
  args: { children: FORM },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Start Your Donation' })).toHaveAttribute('id', 'donation-form');
    await expect(canvas.queryByText(/Donating to:/)).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Change Campaign' })).toBeNull();
    await expect(canvas.getByText('(The donation wizard goes here.)')).toBeVisible();
  },
};

/** With a campaign chosen: 'Donating to: {title}' and 'Change Campaign'. */
export const FormWithCampaign: Story = {
  args: { campaign: { title: 'Nutritious Midday Meals' }, children: FORM },
  play: async ({ canvas, canvasElement }) => {
    const text = canvasElement.querySelector('.cs-selected-campaign__text');
    await expect(text).toHaveTextContent('Donating to: Nutritious Midday Meals');
    await expect(canvas.getByText('Nutritious Midday Meals').tagName).toBe('STRONG');
    await expect(canvas.getByRole('button', { name: 'Change Campaign' })).toBeVisible();
  },
};

/** 'Change Campaign' clears the selection; focus stays in the section rather than falling to the page's top. */
export const ChangeCampaign: Story = {
  args: { campaign: { title: 'School Kits for 500 Children' }, children: FORM },
  render: function Render(args) {
    const [campaign, setCampaign] = useState(args.campaign);
    return (
      <DonationFormSection
        {...args}
        campaign={campaign}
        onChangeCampaign={() => {
          args.onChangeCampaign();
          setCampaign(null);
        }}
      />
    );
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Change Campaign' }));
    await expect(args.onChangeCampaign).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByText(/Donating to:/)).toBeNull();
    await expect(canvas.getByRole('region', { name: 'Start Your Donation' })).toHaveFocus();
  },
};

/** Sent here for a campaign that has finished: no banner, a note that the gift will be a general donation. */
export const FormClosedCampaign: Story = {
  args: { closedCampaign: { title: 'Winter Blankets and Warm Clothing' }, children: FORM },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector('.cs-selected-campaign--closed')).toHaveTextContent(
      'Winter Blankets and Warm Clothing is not accepting donations, so your gift will be a general donation, used where the need is greatest.',
    );
    await expect(canvas.queryByText(/Donating to:/)).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Change Campaign' })).toBeNull();
  },
};

/** A long campaign title wraps inside the banner on a phone; the button stays whole. */
export const FormWithCampaignMobile: Story = {
  args: { campaign: { title: 'Newborn Health Checkups in Rural Clinics Across Twelve Villages' }, children: FORM },
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvas, canvasElement }) => {
    const banner = canvasElement.querySelector('.cs-selected-campaign')!;
    await expect(banner.scrollWidth).toBeLessThanOrEqual(banner.clientWidth);
    await expect(canvas.getByRole('button', { name: 'Change Campaign' })).toBeVisible();
  },
};

/** The closing call to action: 'Donate Now' scrolls to the form and focuses it; 'Learn More' links to /about. */
export const CallToAction: Story = {
  render: (args) => (
    <>
      <DonationFormSection {...args}>{FORM}</DonationFormSection>
      <div style={{ height: '150vh' }} />
      <DonateCallToAction formTargetId={args.id} />
    </>
  ),
  beforeEach: () => () => window.scrollTo(0, 0),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Ready to Make a Difference?' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Learn More about Bright Beginnings Foundation' })).toHaveAttribute('href', '/about');
    const donateNow = canvas.getByRole('button', { name: 'Donate Now' });
    donateNow.scrollIntoView({ block: 'center' });
    await userEvent.click(donateNow);
    const form = canvas.getByRole('region', { name: 'Start Your Donation' });
    await expect(form).toHaveFocus();
    await waitFor(() => expect(form.getBoundingClientRect().bottom).toBeGreaterThan(0));
    await waitFor(() => expect(form.getBoundingClientRect().top).toBeLessThan(window.innerHeight));
  },
};

/** Content that shows up above the form after the click (the featured campaigns, loaded late on /donate). */
function LateContentAbove({ show }: { show: boolean }) {
  return show ? <section aria-label="Arrived late" style={{ height: '120vh', background: 'var(--cs-color-surface-muted, #f4f4f5)' }} /> : null;
}

/**
 * 'Donate Now' while content above the form is still arriving: the form stays in view (scrollToAndFocus follows it for
 * a few seconds), instead of being pushed a screen down after the move.
 */
export const CallToActionWithLateContent: Story = {
  render: function Render(args) {
    const [late, setLate] = useState(false);
    return (
      <div
        onClickCapture={(event) => {
          if ((event.target as HTMLElement).closest('button')?.textContent === 'Donate Now') window.setTimeout(() => setLate(true), 300);
        }}
      >
        <LateContentAbove show={late} />
        <DonationFormSection {...args}>{FORM}</DonationFormSection>
        <div style={{ height: '150vh' }} />
        <DonateCallToAction formTargetId={args.id} />
      </div>
    );
  },
  beforeEach: () => () => window.scrollTo(0, 0),
  play: async ({ canvas }) => {
    const donateNow = canvas.getByRole('button', { name: 'Donate Now' });
    donateNow.scrollIntoView({ block: 'center' });
    await userEvent.click(donateNow);
    await waitFor(() => expect(canvas.getByRole('region', { name: 'Arrived late' })).toBeInTheDocument());
    const form = canvas.getByRole('region', { name: 'Start Your Donation' });
    await expect(form).toHaveFocus();
    // Settled at the form's new place (its scroll margin below the top), not where it was before the late content
    // pushed it a screen down.
    const margin = parseFloat(getComputedStyle(form).scrollMarginTop) || 0;
    await waitFor(() => expect(Math.abs(form.getBoundingClientRect().top - margin)).toBeLessThan(2), { timeout: 3000 });
  },
};
