import { useId, useState, type HTMLAttributes } from 'react';
import {
  CAMPAIGN_CURRENCY,
  DONATE_PAGE_FEATURED_MAX,
  formatCurrency,
  fundedPercentage,
  normaliseCampaign,
  toggleCampaignSelection,
  type RawCampaign,
} from '@charity/domain';
import { Card } from '../components/Card';
import { ProgressBar } from '../components/ProgressBar';
import { CheckIcon } from '../components/icons';
import { CampaignImagePlaceholder } from '../campaigns/icons';
import { resolveImageUrl } from '../campaigns/image-url';
import { cn } from '../lib/cn';
import { SectionHeading } from '../marketing/SectionHeading';
import { DONATE_PAGE_TEXT } from './content';

export type CampaignId = number | string;

/** '{n}% completed' for a percentage from fundedPercentage (already rounded and capped at 100). */
export function completedLabel(percentage: number): string {
  return `${Number.isFinite(percentage) ? Math.round(percentage) : 0}% completed`;
}

export interface FeaturedCampaignPickerProps extends Omit<HTMLAttributes<HTMLElement>, 'title' | 'onChange'> {
  /** Featured active campaigns as the API sends them; only the first three are shown (spec §9). */
  campaigns: readonly RawCampaign[];
  /** The campaign the donation goes to, or null for a general donation. */
  selectedId: CampaignId | null;
  /** The new selection after a click: the clicked campaign, or null when the selected one was clicked again. */
  onSelectedIdChange: (next: CampaignId | null, campaign: { id: CampaignId; title: string } | null) => void;
  title?: string;
  description?: string;
  imageBaseUrl?: string;
}

/**
 * 'Featured Campaigns' on /donate (spec §2): up to three cards, each one big toggle. A click (or Enter/Space)
 * selects the campaign for the donation, a second click deselects it; the chosen card is outlined and marked
 * 'Selected for donation'. Each card's title is a button with aria-pressed, stretched over the whole card, so the
 * card is one tab stop that screen readers announce as "toggle button, pressed/not pressed" with the campaign's
 * name. With no campaigns the section is left out entirely.
 */
export function FeaturedCampaignPicker({
  campaigns,
  selectedId,
  onSelectedIdChange,
  title = DONATE_PAGE_TEXT.featuredTitle,
  description = DONATE_PAGE_TEXT.featuredDescription,
  imageBaseUrl,
  className,
  ...props
}: FeaturedCampaignPickerProps) {
  const headingId = useId();
  if (campaigns.length === 0) return null;
  const shown = campaigns.slice(0, DONATE_PAGE_FEATURED_MAX).map(normaliseCampaign);

  return (
    <section
      aria-labelledby={headingId}
      className={cn('cs-marketing-section', 'cs-campaign-picker', className)}
      {...props}
    >
      <div className="cs-container">
        <SectionHeading id={headingId} title={title} description={description} />
        <ul className="cs-campaign-grid__list cs-campaign-picker__list">
          {shown.map((campaign) => {
            const selected = campaign.id === selectedId;
            const percent = fundedPercentage(campaign.raised_amount, campaign.target_amount);
            const raised = formatCurrency(campaign.raised_amount, CAMPAIGN_CURRENCY);
            const goal = formatCurrency(campaign.target_amount, CAMPAIGN_CURRENCY);
            return (
              <li key={campaign.id} className="cs-campaign-grid__item">
                <Card
                  as="article"
                  padding="none"
                  interactive
                  selected={selected}
                  className="cs-campaign-picker__card"
                >
                  <PickerImage src={resolveImageUrl(campaign.image_url, imageBaseUrl)} />
                  <div className="cs-campaign-picker__body">
                    <h3 className="cs-card__title cs-campaign-picker__title">
                      <button
                        type="button"
                        className="cs-card__action cs-campaign-picker__toggle"
                        aria-pressed={selected}
                        onClick={() => {
                          const next = toggleCampaignSelection<CampaignId>(selectedId, campaign.id);
                          onSelectedIdChange(next, next === null ? null : { id: campaign.id, title: campaign.title });
                        }}
                      >
                        {campaign.title}
                      </button>
                    </h3>
                    {campaign.description ? (
                      <p className="cs-campaign-picker__description">{campaign.description}</p>
                    ) : null}
                    <div className="cs-campaign-picker__funding">
                      <p className="cs-campaign-picker__amounts">
                        <strong className="cs-campaign-picker__raised">{raised}</strong> raised of{' '}
                        <span className="cs-campaign-picker__goal">{goal}</span> goal
                      </p>
                      <ProgressBar
                        size="sm"
                        tone={percent >= 100 ? 'success' : 'primary'}
                        value={percent}
                        label={`Funding progress of ${campaign.title}`}
                        valueText={`${completedLabel(percent)}: ${raised} of ${goal}`}
                      />
                      <p className="cs-campaign-picker__percent">{completedLabel(percent)}</p>
                    </div>
                    {selected ? (
                      <p className="cs-campaign-picker__selected">
                        <CheckIcon size={18} />
                        {DONATE_PAGE_TEXT.selectedForDonation}
                      </p>
                    ) : null}
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

/**
 * The campaign's photo, decorative here (alt=""): the title right below names the card, and a description of the
 * photo read before every title would slow down choosing. A missing or broken photo shows the placeholder art.
 */
function PickerImage({ src }: { src: string | null }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = src !== null && failedSrc !== src;
  return (
    <div className={cn('cs-card__media', 'cs-campaign-picker__media', !showImage && 'cs-campaign-card__media--placeholder')}>
      {showImage ? (
        <img src={src} alt="" width={960} height={540} loading="lazy" decoding="async" onError={() => setFailedSrc(src)} />
      ) : (
        <CampaignImagePlaceholder />
      )}
    </div>
  );
}
