import { Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { campaignIdFromSearch } from '@charity/domain';
import {
  DonateCallToAction,
  DonateHero,
  DonationFormSection,
  FeaturedCampaignPicker,
  InternationalDonationsSection,
  scrollToAndFocus,
  WhyDonateSection,
  YourImpactSection,
} from '@charity/ui';
import {
  DonatePageMeta,
  useDonationStats,
  useFeaturedCampaigns,
  useSelectedCampaign,
} from '../features/donate-page';
import { DonationWizard } from '../features/donation-wizard';

/** The 'Start Your Donation' section: where 'Start Donating' and 'Donate Now' take the visitor. */
const FORM_SECTION_ID = 'start-your-donation';

/**
 * /donate (spec §2): hero with the statistics, 'Why Donate With Us?', 'Your Impact', the featured campaigns to
 * choose from, 'Start Your Donation' with the wizard, 'International Donations Welcome' and the closing call to
 * action. The selected campaign lives in the address (?campaign={id}) and is handed to the wizard.
 */
export default function DonatePage() {
  const stats = useDonationStats();
  const featured = useFeaturedCampaigns();
  const selection = useSelectedCampaign(featured);
  // A donation link (/donate?campaign=4: a campaign card, a shared link) lands on the form, where the campaign is named,
  // not at the top of a long page (issue 19 item 3). Only on arrival: a choice made on the page moves nothing.
  const { search, hash } = useLocation();
  const landedOnCampaign = useRef(campaignIdFromSearch(search) !== null && hash === '');
  useEffect(() => {
    if (landedOnCampaign.current) scrollToAndFocus(FORM_SECTION_ID);
  }, []);

  return (
    <>
      <DonatePageMeta />
      <DonateHero stats={stats} formTargetId={FORM_SECTION_ID} />
      {/* Boundaries that never show a fallback: on a prerendered page React hydrates each part below the hero on its
          own instead of the whole page in one long task on a phone (total blocking time). */}
      <Suspense fallback={null}>
        <WhyDonateSection />
        <YourImpactSection />
      </Suspense>
      <Suspense fallback={null}>
        <FeaturedCampaignPicker
          campaigns={featured.status === 'done' ? featured.campaigns : []}
          selectedId={selection.campaign?.id ?? null}
          onSelectedIdChange={selection.select}
        />
      </Suspense>
      <Suspense fallback={null}>
        <DonationFormSection
          id={FORM_SECTION_ID}
          campaign={selection.campaign}
          closedCampaign={selection.closedCampaign}
          onChangeCampaign={selection.clear}
        >
          <DonationWizard campaign={selection.campaign} />
        </DonationFormSection>
      </Suspense>
      <Suspense fallback={null}>
        <InternationalDonationsSection />
        <DonateCallToAction formTargetId={FORM_SECTION_ID} />
      </Suspense>
    </>
  );
}
