import { AMOUNT_RAISED_TEXT, formatNumber } from '@charity/domain';
import { useId } from 'react';
import { Button } from '../components/Button';
import { cn } from '../lib/cn';
import { StatsBlock, type Stat } from '../marketing/StatsBlock';
import { ChevronsDownIcon } from '../marketing/icons';
import { DONATE_PAGE_TEXT, DONATE_STAT_LABELS } from './content';
import { scrollToAndFocus } from './scroll';

/** The donation statistics the hero shows (GET /api/stats, or the spec's starting values STATS_START). */
export interface DonationStats {
  totalDonations: number;
  childrenHelped: number;
  countries: number;
}

/**
 * The hero's four figures in the spec's order: Total Donations and Children Helped from the statistics, Amount
 * Raised as the fixed text (spec §9: hard-coded at 10,00,000), Countries. Counts use Indian digit grouping.
 */
export function donateHeroStats(stats: DonationStats, amountRaisedText: string = AMOUNT_RAISED_TEXT): Stat[] {
  return [
    { label: DONATE_STAT_LABELS.totalDonations, value: formatNumber(stats.totalDonations) },
    { label: DONATE_STAT_LABELS.childrenHelped, value: formatNumber(stats.childrenHelped) },
    { label: DONATE_STAT_LABELS.amountRaised, value: amountRaisedText },
    { label: DONATE_STAT_LABELS.countries, value: formatNumber(stats.countries) },
  ];
}

export interface DonateHeroProps {
  stats: DonationStats;
  /** id of the 'Start Your Donation' section: 'Start Donating' scrolls there and focuses it. */
  formTargetId: string;
  amountRaisedText?: string;
  title?: string;
  intro?: string;
  className?: string;
}

/**
 * The top of /donate: the page's h1, a sentence on what a gift does, the four statistics and, below 768px only,
 * 'Start Donating', which takes the visitor past the sections in between straight to the form (on wider screens
 * the form is a short scroll away and the button would only add noise).
 */
export function DonateHero({
  stats,
  formTargetId,
  amountRaisedText = AMOUNT_RAISED_TEXT,
  title = DONATE_PAGE_TEXT.heroTitle,
  intro = DONATE_PAGE_TEXT.heroIntro,
  className,
}: DonateHeroProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('cs-donate-hero', className)}>
      <div className="cs-container">
        <div className="cs-donate-hero__text">
          <h1 id={headingId} className="cs-donate-hero__title">
            {title}
          </h1>
          <p className="cs-donate-hero__intro">{intro}</p>
        </div>
        <StatsBlock stats={donateHeroStats(stats, amountRaisedText)} className="cs-donate-hero__stats" />
        <div className="cs-donate-hero__start">
          <Button
            size="lg"
            fullWidth
            aria-controls={formTargetId}
            icon={<ChevronsDownIcon size={20} />}
            onClick={() => scrollToAndFocus(formTargetId)}
          >
            {DONATE_PAGE_TEXT.startDonating}
          </Button>
        </div>
      </div>
    </section>
  );
}
