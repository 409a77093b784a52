import { useId, type ReactNode } from 'react';
import {
  CAMPAIGN_CURRENCY,
  campaignCategoryLabel,
  campaignDisplayStatus,
  campaignTimeLabel,
  closedCampaignNotice,
  CLOSED_CAMPAIGN_TEXTS,
  donorCountLabel,
  formatCurrency,
  fundedLabel,
  fundedPercentage,
  normaliseCampaign,
  type RawCampaign,
} from '@charity/domain';
import { Badge } from '../components/Badge';
import { ButtonLink } from '../components/Button';
import { ProgressBar } from '../components/ProgressBar';
import { ShareLinks } from '../components/ShareLinks';
import { Skeleton } from '../components/Skeleton';
import { cn } from '../lib/cn';
import { useLink } from '../lib/link';
import { CAMPAIGN_STATUS_TONES } from './CampaignCard';
import { ClockIcon, UsersIcon } from './icons';
import { resolveImageUrl } from './image-url';

/** One supporter as the campaign's page lists them: a first name only where the donor agreed, else 'Anonymous'. */
export interface CampaignSupporter {
  id: number | string;
  name: string;
  amount: number;
  currency: string;
}

export type CampaignSupportersState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'done'; supporters: readonly CampaignSupporter[] };

export const CAMPAIGN_PAGE_TEXTS = {
  donateHeading: 'Donate to this campaign',
  supportersHeading: 'Recent supporters',
  supportersEmpty: 'Be the first to support this campaign.',
  supportersError: 'Supporters could not be loaded just now.',
  shareLabel: 'Share this campaign',
  raisedOf: 'raised of',
  allCampaigns: 'All campaigns',
} as const;

export interface CampaignPageViewProps {
  campaign: RawCampaign;
  /** The moment days left and the display status are computed for. */
  now?: Date;
  /** The page's absolute address, for the share links. */
  shareUrl: string;
  supporters: CampaignSupportersState;
  /** The donation form with this campaign chosen (the site's wizard); shown only while the campaign takes gifts. */
  donateForm?: ReactNode;
  imageBaseUrl?: string;
}

/**
 * A campaign's own page (issue 19): picture, story, goal meter, days left, recent supporters, a donation form with the
 * campaign chosen and a share row. A campaign that takes no gifts says so where the form would be and offers the
 * general fund and the active campaigns instead: the page never leads to a gift that silently goes elsewhere.
 */
export function CampaignPageView({ campaign: raw, now, shareUrl, supporters, donateForm, imageBaseUrl }: CampaignPageViewProps) {
  const headingId = useId();
  const Link = useLink();
  const campaign = normaliseCampaign(raw);
  const at = now ?? new Date();
  const status = campaignDisplayStatus(campaign, at);
  const percent = fundedPercentage(campaign.raised_amount, campaign.target_amount);
  const raised = formatCurrency(campaign.raised_amount, CAMPAIGN_CURRENCY);
  const target = formatCurrency(campaign.target_amount, CAMPAIGN_CURRENCY);
  const category = campaignCategoryLabel(campaign.category);
  const closed = closedCampaignNotice(campaign, at);
  const image = resolveImageUrl(campaign.image_url, imageBaseUrl);

  return (
    <article className="cs-campaign-page" aria-labelledby={headingId}>
      <div className="cs-container cs-campaign-page__layout">
        <div className="cs-campaign-page__main">
          <p className="cs-campaign-page__back">
            <Link href="/campaigns">← {CAMPAIGN_PAGE_TEXTS.allCampaigns}</Link>
          </p>
          <div className="cs-campaign-page__tags">
            <Badge tone={CAMPAIGN_STATUS_TONES[status]}>{status}</Badge>
            {category ? <span className="cs-campaign-page__category">{category}</span> : null}
          </div>
          <h1 id={headingId} className="cs-campaign-page__title">
            {campaign.title}
          </h1>
          {image ? (
            <img
              className="cs-campaign-page__image"
              src={image}
              alt=""
              width={960}
              height={540}
              fetchPriority="high"
              decoding="async"
            />
          ) : null}
          <section className="cs-campaign-page__progress" aria-label="Funding progress">
            <p className="cs-campaign-page__amounts">
              <strong>{raised}</strong> {CAMPAIGN_PAGE_TEXTS.raisedOf} {target}
            </p>
            <ProgressBar
              tone={percent >= 100 ? 'success' : 'primary'}
              value={percent}
              label="Funding progress"
              valueText={`${fundedLabel(percent)}: ${raised} of ${target}`}
            />
            <ul className="cs-campaign-page__meta">
              <li>{fundedLabel(percent)}</li>
              <li>
                <ClockIcon />
                {campaignTimeLabel(campaign, at)}
              </li>
              <li>
                <UsersIcon />
                {donorCountLabel(campaign.donation_count)}
              </li>
            </ul>
          </section>
          <div className="cs-campaign-page__story">
            {campaign.description.split(/\n{2,}/).map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
          <ShareLinks url={shareUrl} title={campaign.title} label={CAMPAIGN_PAGE_TEXTS.shareLabel} headingLevel={2} />
          <Supporters state={supporters} />
        </div>
        <aside className="cs-campaign-page__donate" aria-labelledby={`${headingId}-donate`}>
          <h2 id={`${headingId}-donate`} className="cs-campaign-page__donate-title">
            {CAMPAIGN_PAGE_TEXTS.donateHeading}
          </h2>
          {closed ? (
            <div className="cs-campaign-page__closed" role="status">
              <p>{closed}</p>
              <ButtonLink href="/donate">{CLOSED_CAMPAIGN_TEXTS.generalFund}</ButtonLink>
              <ButtonLink href="/campaigns" variant="outline">
                {CLOSED_CAMPAIGN_TEXTS.otherCampaigns}
              </ButtonLink>
            </div>
          ) : (
            donateForm
          )}
        </aside>
      </div>
    </article>
  );
}

function Supporters({ state }: { state: CampaignSupportersState }) {
  const headingId = useId();
  return (
    <section className="cs-campaign-page__supporters" aria-labelledby={headingId} aria-busy={state.status === 'loading'}>
      <h2 id={headingId}>{CAMPAIGN_PAGE_TEXTS.supportersHeading}</h2>
      {state.status === 'loading' ? (
        <div className="cs-campaign-page__supporters-loading">
          <Skeleton height="1.25rem" width="60%" />
          <Skeleton height="1.25rem" width="45%" />
          <Skeleton height="1.25rem" width="52%" />
        </div>
      ) : state.status === 'error' ? (
        <p className="cs-campaign-page__muted">{CAMPAIGN_PAGE_TEXTS.supportersError}</p>
      ) : state.supporters.length === 0 ? (
        <p className="cs-campaign-page__muted">{CAMPAIGN_PAGE_TEXTS.supportersEmpty}</p>
      ) : (
        <ul className={cn('cs-campaign-page__supporter-list')}>
          {state.supporters.map((supporter) => (
            <li key={supporter.id}>
              <span>{supporter.name}</span> <strong>{formatCurrency(supporter.amount, supporter.currency)}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
