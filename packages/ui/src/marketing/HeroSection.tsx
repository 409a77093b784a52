import { HERO_SLIDESHOW_MS } from '@charity/domain';
import { useId } from 'react';
import { ButtonLink } from '../components/Button';
import { cn } from '../lib/cn';
import { DEFAULT_TRUST_BADGES, HOME_ACTIONS, HOME_HEADLINE, HOME_INTRO } from './home-content';
import { ScrollDownButton } from './ScrollDownButton';
import { Slideshow, type Slide } from './Slideshow';
import type { TrustBadge } from './TrustBadges';
import { TrustBadges } from './TrustBadges';

export interface HeroAction {
  label: string;
  href: string;
}

export interface HeroSectionProps {
  slides: readonly Slide[];
  intervalMs?: number;
  slideshowLabel?: string;
  headline?: string;
  intro?: string;
  eyebrow?: string;
  primaryAction?: HeroAction;
  secondaryAction?: HeroAction;
  badges?: readonly TrustBadge[];
  /** id of the section the scroll-down button moves to; no button without it. */
  scrollTargetId?: string;
  scrollLabel?: string;
  /** Passed to the slideshow (stories and tests). */
  autoplay?: boolean;
  reducedMotion?: boolean;
  className?: string;
}

/**
 * The top of the home page: the headline (the page's h1), the two calls to action, the trust badges and the
 * photo slideshow, with a button down to the next section. The headline comes first in reading order; the
 * slideshow sits beside it from 768px up and below it on phones.
 */
export function HeroSection({
  slides,
  intervalMs = HERO_SLIDESHOW_MS,
  slideshowLabel = 'Moments from our work with children',
  headline = HOME_HEADLINE,
  intro = HOME_INTRO,
  eyebrow,
  primaryAction = HOME_ACTIONS.primary,
  secondaryAction = HOME_ACTIONS.secondary,
  badges = DEFAULT_TRUST_BADGES,
  scrollTargetId,
  scrollLabel,
  autoplay,
  reducedMotion,
  className,
}: HeroSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('cs-hero', className)}>
      <div className="cs-container cs-hero__inner">
        <div className="cs-hero__text">
          {eyebrow ? <p className="cs-hero__eyebrow">{eyebrow}</p> : null}
          <h1 id={headingId} className="cs-hero__title">
            {headline}
          </h1>
          <p className="cs-hero__intro">{intro}</p>
          <div className="cs-hero__actions">
            <ButtonLink href={primaryAction.href} size="lg">
              {primaryAction.label}
            </ButtonLink>
            <ButtonLink href={secondaryAction.href} size="lg" variant="outline">
              {secondaryAction.label}
            </ButtonLink>
          </div>
          <TrustBadges items={badges} className="cs-hero__badges" />
        </div>
        <div className="cs-hero__media">
          <Slideshow
            slides={slides}
            label={slideshowLabel}
            intervalMs={intervalMs}
            autoplay={autoplay}
            reducedMotion={reducedMotion}
            priority
          />
        </div>
      </div>
      {scrollTargetId ? (
        <div className="cs-hero__scroll">
          <ScrollDownButton targetId={scrollTargetId}>{scrollLabel}</ScrollDownButton>
        </div>
      ) : null}
    </section>
  );
}
