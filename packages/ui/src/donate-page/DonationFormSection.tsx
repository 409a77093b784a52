import { useId, useRef, type HTMLAttributes, type ReactNode } from 'react';
import { Button } from '../components/Button';
import { cn } from '../lib/cn';
import { SectionHeading } from '../marketing/SectionHeading';
import { DONATE_PAGE_TEXT } from './content';

export interface SelectedCampaignBannerProps {
  title: string;
  onChangeCampaign: () => void;
  className?: string;
}

/** 'Donating to: {campaign title}' with 'Change Campaign', which clears the selection (spec §2). */
export function SelectedCampaignBanner({ title, onChangeCampaign, className }: SelectedCampaignBannerProps) {
  return (
    <div className={cn('cs-selected-campaign', className)}>
      <p className="cs-selected-campaign__text">
        {DONATE_PAGE_TEXT.donatingTo} <strong className="cs-selected-campaign__title">{title}</strong>
      </p>
      <Button variant="outline" size="sm" onClick={onChangeCampaign}>
        {DONATE_PAGE_TEXT.changeCampaign}
      </Button>
    </div>
  );
}

export interface DonationFormSectionProps extends Omit<HTMLAttributes<HTMLElement>, 'title' | 'children'> {
  /** The section's id: the target of 'Start Donating' and 'Donate Now'. */
  id: string;
  /** The selected campaign, or null for a general donation. */
  campaign: { title: string } | null;
  onChangeCampaign: () => void;
  /**
   * A campaign the visitor was sent here for (/donate?campaign={id}) that no longer takes donations: a note says
   * the gift will be a general one, rather than the payment failing at the end.
   */
  closedCampaign?: { title: string } | null;
  title?: string;
  description?: string;
  /** The donation form. */
  children?: ReactNode;
}

/**
 * 'Start Your Donation': the heading, the selected campaign's banner and the donation form. 'Change Campaign'
 * removes the banner and with it the focused button, so focus moves to the section itself: keyboard and
 * screen-reader users stay where they were instead of being dropped at the top of the page.
 */
export function DonationFormSection({
  id,
  campaign,
  onChangeCampaign,
  closedCampaign = null,
  title = DONATE_PAGE_TEXT.formTitle,
  description = DONATE_PAGE_TEXT.formDescription,
  className,
  children,
  ...props
}: DonationFormSectionProps) {
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  return (
    <section
      id={id}
      ref={section}
      // Focus target of the buttons that lead here; -1 keeps it out of the tab order.
      tabIndex={-1}
      aria-labelledby={headingId}
      className={cn('cs-marketing-section', 'cs-marketing-section--sunken', 'cs-donation-form-section', className)}
      {...props}
    >
      <div className="cs-container">
        <SectionHeading id={headingId} title={title} description={description} />
        <div className="cs-donation-form-section__body">
          {campaign ? (
            <SelectedCampaignBanner
              title={campaign.title}
              onChangeCampaign={() => {
                onChangeCampaign();
                section.current?.focus({ preventScroll: true });
              }}
            />
          ) : closedCampaign ? (
            <p className="cs-selected-campaign cs-selected-campaign--closed">
              <strong className="cs-selected-campaign__title">{closedCampaign.title}</strong>{' '}
              {DONATE_PAGE_TEXT.closedCampaignSuffix}
            </p>
          ) : null}
          {children}
        </div>
      </div>
    </section>
  );
}
