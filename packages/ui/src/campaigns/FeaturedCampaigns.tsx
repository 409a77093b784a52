import { useId, type HTMLAttributes } from 'react';
import { FEATURED_CAMPAIGNS_MAX } from '@charity/domain';
import { ButtonLink } from '../components/Button';
import { SkeletonCard } from '../components/Skeleton';
import { cn } from '../lib/cn';
import { CampaignCard, type CampaignCardCampaign } from './CampaignCard';
import { ArrowRightIcon } from './icons';

/** Placeholders while the featured campaigns load: one row. */
export const FEATURED_CAMPAIGNS_LOADING_SKELETONS = 3;

export const FEATURED_CAMPAIGNS_TEXT = {
  title: 'Featured Campaigns',
  description: 'Give where it is needed most right now. Every rupee goes straight to the children these campaigns serve.',
  viewAll: 'View All Campaigns',
  loading: 'Loading featured campaigns...',
} as const;

export interface FeaturedCampaignsProps extends Omit<HTMLAttributes<HTMLElement>, 'children' | 'title'> {
  campaigns: readonly CampaignCardCampaign[];
  loading?: boolean;
  title?: string;
  description?: string;
  /** Link of 'View All Campaigns'. */
  viewAllHref?: string;
  now?: Date;
  imageBaseUrl?: string;
}

/**
 * The home page's featured campaigns (spec §2): a heading, up to 6 cards and 'View All Campaigns'.
 * With nothing to show (and not loading) it renders nothing: an empty "featured" block helps no one.
 */
export function FeaturedCampaigns({
  campaigns,
  loading = false,
  title = FEATURED_CAMPAIGNS_TEXT.title,
  description = FEATURED_CAMPAIGNS_TEXT.description,
  viewAllHref = '/campaigns',
  now,
  imageBaseUrl,
  className,
  ...props
}: FeaturedCampaignsProps) {
  const headingId = useId();
  if (!loading && campaigns.length === 0) return null;
  const shown = campaigns.slice(0, FEATURED_CAMPAIGNS_MAX);

  return (
    <section
      aria-labelledby={headingId}
      className={cn('cs-featured-campaigns', className)}
      {...props}
    >
      <div className="cs-container">
        <header className="cs-featured-campaigns__header">
          <h2 id={headingId} className="cs-featured-campaigns__title">
            {title}
          </h2>
          {description ? <p className="cs-featured-campaigns__description">{description}</p> : null}
        </header>
        {loading ? (
          <>
            <p role="status" className="cs-visually-hidden">
              {FEATURED_CAMPAIGNS_TEXT.loading}
            </p>
            <div className="cs-campaign-grid__list" aria-hidden="true">
              {Array.from({ length: FEATURED_CAMPAIGNS_LOADING_SKELETONS }, (_, i) => (
                <SkeletonCard key={i} lines={3} />
              ))}
            </div>
          </>
        ) : (
          <ul className="cs-campaign-grid__list">
            {shown.map((campaign) => (
              <li key={campaign.id} className="cs-campaign-grid__item">
                <CampaignCard campaign={campaign} now={now} imageBaseUrl={imageBaseUrl} headingLevel={3} />
              </li>
            ))}
          </ul>
        )}
        <div className="cs-featured-campaigns__footer">
          <ButtonLink href={viewAllHref} variant="outline" size="lg" icon={<ArrowRightIcon size={18} />}>
            {FEATURED_CAMPAIGNS_TEXT.viewAll}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
