import { useId, useState, type HTMLAttributes } from 'react';
import {
  CAMPAIGN_CURRENCY,
  campaignCategoryLabel,
  campaignDisplayStatus,
  campaignPagePath,
  CLOSED_CAMPAIGN_TEXTS,
  campaignTimeLabel,
  donateHref,
  donorCountLabel,
  formatCurrency,
  fundedLabel,
  fundedPercentage,
  normaliseCampaign,
  type CampaignDisplayStatus,
  type RawCampaign,
} from '@charity/domain';
import { Badge, type BadgeTone } from '../components/Badge';
import { ButtonLink } from '../components/Button';
import { Card } from '../components/Card';
import { ProgressBar } from '../components/ProgressBar';
import { cn } from '../lib/cn';
import { useLink } from '../lib/link';
import { CampaignImagePlaceholder, ClockIcon, StarIcon, UsersIcon } from './icons';
import { resolveImageUrl } from './image-url';

/** A campaign as the API sends it (either field name for amounts and counts; numbers may be strings). */
export type CampaignCardCampaign = RawCampaign;

/** Badge colour per display status: Active green, Completed blue, Paused yellow, Draft grey. */
export const CAMPAIGN_STATUS_TONES: Readonly<Record<CampaignDisplayStatus, BadgeTone>> = {
  Active: 'green',
  Completed: 'blue',
  Paused: 'yellow',
  Draft: 'grey',
};

export const DONATE_NOW_LABEL = 'Donate Now';

export interface CampaignCardProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  campaign: CampaignCardCampaign;
  /** The moment days left and the display status are computed for; defaults to the current time. */
  now?: Date;
  /** Prefix for server-relative image paths, e.g. 'https://charity.example' on another origin. */
  imageBaseUrl?: string;
  /** Link of the donate button; defaults to /donate?campaign={id} (spec §2). */
  donateHref?: string;
  /** Heading level of the title, to fit the page outline (h3 under a section's h2 by default). */
  headingLevel?: 2 | 3 | 4;
  /**
   * How soon the photo loads. 'lazy' (default): when it nears the viewport. 'eager': with the page, for a card above
   * the fold (a lazy image there starts only after layout, late for the page's largest paint). 'high': eager and
   * fetchpriority="high", for the first card, usually the largest image on screen. Nothing visible changes.
   */
  imagePriority?: CampaignImagePriority;
}

export type CampaignImagePriority = 'lazy' | 'eager' | 'high';

/**
 * One campaign: photo, status, title (a link to the campaign's own page when it has one), description, amounts in INR,
 * funded percentage, days left, donors and the 'Donate Now' link to /donate?campaign={id} (spec §2). A campaign that
 * takes no gifts (Completed or Paused) says so where the button was and offers the general fund instead (issue 19):
 * a 'Donate Now' there led to a gift that silently went elsewhere.
 */
export function CampaignCard({
  campaign: raw,
  now,
  imageBaseUrl,
  donateHref: href,
  headingLevel = 3,
  imagePriority = 'lazy',
  className,
  ...props
}: CampaignCardProps) {
  const titleId = useId();
  const Link = useLink();
  const campaign = normaliseCampaign(raw);
  const at = now ?? new Date();
  const status = campaignDisplayStatus(campaign, at);
  const percent = fundedPercentage(campaign.raised_amount, campaign.target_amount);
  const raised = formatCurrency(campaign.raised_amount, CAMPAIGN_CURRENCY);
  const target = formatCurrency(campaign.target_amount, CAMPAIGN_CURRENCY);
  const category = campaignCategoryLabel(campaign.category);
  const timeLabel = campaignTimeLabel(campaign, at);
  const Heading = `h${headingLevel}` as const;
  const pageHref = campaign.slug ? campaignPagePath(campaign.slug) : null;
  const closed = status === 'Completed' ? CLOSED_CAMPAIGN_TEXTS.cardCompleted : status === 'Paused' ? CLOSED_CAMPAIGN_TEXTS.cardPaused : null;

  return (
    <Card
      as="article"
      padding="none"
      aria-labelledby={titleId}
      className={cn('cs-campaign-card', className)}
      data-status={status.toLowerCase()}
      {...props}
    >
      <CampaignImage src={resolveImageUrl(campaign.image_url, imageBaseUrl)} alt={campaign.title} priority={imagePriority} />
      <div className="cs-campaign-card__body">
        <div className="cs-campaign-card__tags">
          <Badge tone={CAMPAIGN_STATUS_TONES[status]} className="cs-campaign-card__status">
            {status}
          </Badge>
          {campaign.is_featured ? (
            <Badge className="cs-campaign-card__featured">
              <StarIcon size={12} />
              Featured
            </Badge>
          ) : null}
          {category ? <span className="cs-campaign-card__category">{category}</span> : null}
        </div>
        <Heading id={titleId} className="cs-card__title cs-campaign-card__title">
          {pageHref ? (
            <Link href={pageHref} className="cs-campaign-card__link">
              {campaign.title}
            </Link>
          ) : (
            campaign.title
          )}
        </Heading>
        {campaign.description ? <p className="cs-campaign-card__description">{campaign.description}</p> : null}
        <div className="cs-campaign-card__funding">
          <p className="cs-campaign-card__amounts">
            <strong className="cs-campaign-card__raised">{raised}</strong> raised of{' '}
            <span className="cs-campaign-card__target">{target}</span>
          </p>
          <ProgressBar
            size="sm"
            tone={percent >= 100 ? 'success' : 'primary'}
            value={percent}
            label="Funding progress"
            valueText={`${fundedLabel(percent)}: ${raised} of ${target}`}
          />
          <ul className="cs-campaign-card__meta">
            <li className="cs-campaign-card__percent">{fundedLabel(percent)}</li>
            <li className="cs-campaign-card__days">
              <ClockIcon />
              {timeLabel}
            </li>
            <li className="cs-campaign-card__donors">
              <UsersIcon />
              {donorCountLabel(campaign.donation_count)}
            </li>
          </ul>
        </div>
      </div>
      <div className="cs-campaign-card__footer">
        {closed ? (
          <>
            <p className="cs-campaign-card__closed">{closed}</p>
            <ButtonLink href={donateHref(null)} variant="outline" fullWidth>
              {CLOSED_CAMPAIGN_TEXTS.generalFund}
            </ButtonLink>
          </>
        ) : (
          <ButtonLink href={href ?? donateHref(campaign.id)} fullWidth>
            {DONATE_NOW_LABEL}
            {/* Many cards share the visible label; the title tells the links apart for screen-reader users. */}
            <span className="cs-visually-hidden"> to {campaign.title}</span>
          </ButtonLink>
        )}
      </div>
    </Card>
  );
}

/** The photo, or the placeholder when there is none or it fails to load (a broken image icon helps nobody). */
function CampaignImage({ src, alt, priority }: { src: string | null; alt: string; priority: CampaignImagePriority }) {
  // Remember which address failed, so a new address gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = src !== null && failedSrc !== src;
  return (
    <div className={cn('cs-card__media', 'cs-campaign-card__media', !showImage && 'cs-campaign-card__media--placeholder')}>
      {showImage ? (
        <img
          src={src}
          alt={alt}
          width={960}
          height={540}
          loading={priority === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={priority === 'high' ? 'high' : undefined}
          decoding="async"
          onError={() => setFailedSrc(src)}
        />
      ) : (
        <CampaignImagePlaceholder />
      )}
    </div>
  );
}
