import { useEffect, useRef, type HTMLAttributes } from 'react';
import { Button, ButtonLink } from '../components/Button';
import { EmptyState } from '../components/EmptyState';
import { SkeletonCard } from '../components/Skeleton';
import { cn } from '../lib/cn';
import { CampaignCard, type CampaignCardCampaign } from './CampaignCard';
import { SearchIcon } from './icons';

/** Placeholders while the first page loads: two rows of the three-column grid. */
export const CAMPAIGN_GRID_LOADING_SKELETONS = 6;
/** Placeholders under the cards already shown while the next page loads: one row. */
export const CAMPAIGN_GRID_LOADING_MORE_SKELETONS = 3;

export const CAMPAIGN_GRID_TEXT = {
  emptyTitle: 'No Campaigns Found',
  emptyDescription: 'No campaign matches this search and these filters. Clear them to see every campaign, or give where it is needed most.',
  clearFilters: 'Clear Filters',
  generalDonation: 'Make General Donation',
  loadMore: 'Load More Campaigns',
  loading: 'Loading campaigns...',
  loadingMore: 'Loading more campaigns...',
  tryAgain: 'Try Again',
} as const;

/** 'Showing 9 of 12 campaigns', 'Showing 1 of 1 campaign'. */
export function campaignResultsText(shown: number, total: number): string {
  return `Showing ${shown} of ${total} ${total === 1 ? 'campaign' : 'campaigns'}`;
}

export interface CampaignGridProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  campaigns: readonly CampaignCardCampaign[];
  /** First load: skeletons replace the grid (6 unless skeletonCount says otherwise). */
  loading?: boolean;
  /** Next page on its way: the cards stay, 3 skeletons follow them and the Load More button is busy. */
  loadingMore?: boolean;
  /** More pages exist (the current page is below total pages): shows 'Load More Campaigns'. */
  hasMore?: boolean;
  /** Number of placeholders while loading; defaults to 6 on a first load and 3 while loading more. */
  skeletonCount?: number;
  /** Total matching campaigns; when given, a polite status line says 'Showing {n} of {total} campaigns'. */
  total?: number;
  /**
   * A failed load (spec §8: the list is emptied): shown as the empty state's title, with 'Try Again' when
   * onRetry is given, instead of 'No Campaigns Found' — "nothing matches" would be untrue.
   */
  error?: string | null;
  onLoadMore?: () => void;
  onClearFilters?: () => void;
  onRetry?: () => void;
  /** Link of 'Make General Donation' in the empty state. */
  generalDonationHref?: string;
  now?: Date;
  imageBaseUrl?: string;
  /** Heading level of each card title (3 under the page's h1 and a section h2; 2 when cards sit right under h1). */
  cardHeadingLevel?: 2 | 3 | 4;
  /**
   * How many of the first cards are above the fold: their photos load with the page (the first at high priority)
   * instead of lazily. 0 (default) leaves every photo lazy.
   */
  eagerImages?: number;
}

/** The campaigns list of /campaigns: cards, loading skeletons, the empty state and 'Load More Campaigns'. */
export function CampaignGrid({
  campaigns,
  loading = false,
  loadingMore = false,
  hasMore = false,
  skeletonCount,
  total,
  error,
  onLoadMore,
  onClearFilters,
  onRetry,
  generalDonationHref = '/donate',
  now,
  imageBaseUrl,
  cardHeadingLevel = 2,
  eagerImages = 0,
  className,
  ...props
}: CampaignGridProps) {
  const listRef = useRef<HTMLUListElement>(null);
  // Index of the first card the pending "load more" will add: focus goes there once it arrives, so keyboard
  // and screen-reader users continue reading where the new cards begin (the button may vanish on the last page).
  const focusFrom = useRef<number | null>(null);

  useEffect(() => {
    const index = focusFrom.current;
    if (index === null || loadingMore) return;
    focusFrom.current = null;
    if (campaigns.length <= index) return;
    const card = listRef.current?.children[index]?.querySelector<HTMLElement>('article');
    card?.focus();
  }, [campaigns.length, loadingMore]);

  const isEmpty = !loading && campaigns.length === 0;
  const loadMore = () => {
    // aria-disabled rather than disabled while busy: a disabled button drops keyboard focus to the page.
    if (loadingMore || !onLoadMore) return;
    focusFrom.current = campaigns.length;
    onLoadMore();
  };

  // One live region that stays mounted through every state, so each change is announced once.
  let announcement = '';
  if (loading) announcement = CAMPAIGN_GRID_TEXT.loading;
  else if (isEmpty) announcement = error ? error : CAMPAIGN_GRID_TEXT.emptyTitle;
  else if (loadingMore) announcement = CAMPAIGN_GRID_TEXT.loadingMore;
  else if (total !== undefined) announcement = campaignResultsText(campaigns.length, Math.max(total, campaigns.length));
  const countVisible = !loading && !isEmpty && total !== undefined;

  return (
    <div className={cn('cs-campaign-grid', className)} {...props}>
      {/* Outside the busy region: assistive technology may hold back announcements from inside one. */}
      <p className={countVisible ? 'cs-campaign-grid__count' : 'cs-visually-hidden'} role="status">
        {announcement}
      </p>
      <div className="cs-campaign-grid__content" aria-busy={loading || loadingMore || undefined}>
        {loading ? (
          <div className="cs-campaign-grid__list" aria-hidden="true">
            {Array.from({ length: skeletonCount ?? CAMPAIGN_GRID_LOADING_SKELETONS }, (_, i) => (
              <SkeletonCard key={i} lines={3} className="cs-campaign-grid__skeleton" />
            ))}
          </div>
        ) : isEmpty ? (
          <EmptyState
            icon={<SearchIcon />}
            title={error ? error : CAMPAIGN_GRID_TEXT.emptyTitle}
            description={error ? undefined : CAMPAIGN_GRID_TEXT.emptyDescription}
            headingLevel={2}
            actions={
              <>
                {error && onRetry ? (
                  <Button variant="outline" onClick={onRetry}>
                    {CAMPAIGN_GRID_TEXT.tryAgain}
                  </Button>
                ) : null}
                {!error && onClearFilters ? (
                  <Button variant="outline" onClick={onClearFilters}>
                    {CAMPAIGN_GRID_TEXT.clearFilters}
                  </Button>
                ) : null}
                <ButtonLink href={generalDonationHref}>{CAMPAIGN_GRID_TEXT.generalDonation}</ButtonLink>
              </>
            }
          />
        ) : (
          <>
            <ul className="cs-campaign-grid__list" ref={listRef}>
              {campaigns.map((campaign, index) => (
                <li key={campaign.id} className="cs-campaign-grid__item">
                  <CampaignCard
                    campaign={campaign}
                    now={now}
                    imageBaseUrl={imageBaseUrl}
                    headingLevel={cardHeadingLevel}
                    imagePriority={index >= eagerImages ? 'lazy' : index === 0 ? 'high' : 'eager'}
                    tabIndex={-1}
                  />
                </li>
              ))}
              {loadingMore
                ? Array.from({ length: skeletonCount ?? CAMPAIGN_GRID_LOADING_MORE_SKELETONS }, (_, i) => (
                    <li key={`skeleton-${i}`} className="cs-campaign-grid__item" aria-hidden="true">
                      <SkeletonCard lines={3} className="cs-campaign-grid__skeleton" />
                    </li>
                  ))
                : null}
            </ul>
            {hasMore && onLoadMore ? (
              <div className="cs-campaign-grid__more">
                <Button
                  variant="outline"
                  size="lg"
                  onClick={loadMore}
                  aria-disabled={loadingMore || undefined}
                  aria-busy={loadingMore || undefined}
                  icon={loadingMore ? <span className="cs-button__spinner" aria-hidden="true" /> : undefined}
                >
                  {CAMPAIGN_GRID_TEXT.loadMore}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
