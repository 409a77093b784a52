import { FOCUS_SLIDESHOW_MS, HERO_SLIDESHOW_MS } from '@charity/domain';
import {
  EducationQualitySection,
  FocusSection,
  HeroSection,
  HowWeHelpSection,
  ImpactSection,
  WhyChooseUsSection,
} from '@charity/ui';
import { lazy, Suspense } from 'react';
import { preload } from 'react-dom';
import { FOCUS_SECTION_ID, FOCUS_SLIDES, HERO_SLIDES } from '../features/home/content';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageMeta } from '../lib/PageMeta';

// At the foot of the page and the only part that talks to the API: loading it on demand keeps the API client
// out of the first download, which the hero's picture needs more.
const FeaturedCampaignsSection = lazy(() =>
  import('../features/campaigns/components/FeaturedCampaignsSection').then((module) => ({
    default: module.FeaturedCampaignsSection,
  })),
);

/** Asks for the hero's first picture in <head> as early as React can (the page's largest paint). */
function preloadFirstHeroImage() {
  const image = HERO_SLIDES[0]?.image;
  if (!image) return;
  // The same file the <picture> will choose: AVIF where the browser supports it, at the size `sizes` picks.
  const avif = image.sources?.find((source) => source.type === 'image/avif');
  preload(image.src, {
    as: 'image',
    fetchPriority: 'high',
    imageSrcSet: avif?.srcSet ?? image.srcSet,
    imageSizes: image.sizes,
    type: avif ? 'image/avif' : undefined,
  });
}

export default function HomePage() {
  useDocumentTitle();
  preloadFirstHeroImage();
  return (
    <>
      <PageMeta path="/" />
      <HeroSection slides={HERO_SLIDES} intervalMs={HERO_SLIDESHOW_MS} scrollTargetId={FOCUS_SECTION_ID} />
      {/* Boundaries that never show a fallback: on a prerendered page React hydrates each below-the-fold section on
          its own, after the hero, instead of the whole page in one long task on a phone (total blocking time). */}
      <Suspense fallback={null}>
        <ImpactSection />
        <FocusSection id={FOCUS_SECTION_ID} slides={FOCUS_SLIDES} intervalMs={FOCUS_SLIDESHOW_MS} />
      </Suspense>
      <Suspense fallback={null}>
        <EducationQualitySection />
        <HowWeHelpSection />
      </Suspense>
      <Suspense fallback={null}>
        <WhyChooseUsSection />
      </Suspense>
      <Suspense fallback={null}>
        <FeaturedCampaignsSection />
      </Suspense>
    </>
  );
}
