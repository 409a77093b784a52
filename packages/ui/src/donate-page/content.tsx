import { ORGANISATION } from '@charity/domain';
import { GlobeIcon } from '../components/icons';
import { DONATING_TO } from '../donation/campaign-text';
import type { FeatureItem } from '../marketing/FeatureGrid';
import { HeartHandIcon, LockIcon, ShieldIcon } from '../marketing/icons';

/*
 * The /donate page's words. Section titles, button labels and the statistics' labels are the spec's (§2
 * "Donate"); the sentences around them are ours, since the spec names the sections but not their prose.
 */
export const DONATE_PAGE_TEXT = {
  heroTitle: 'Donate to Give Every Child a Bright Beginning',
  heroIntro:
    'Your gift pays for healthcare, nutritious meals, schooling and safe homes for infants and children in need. Give once or every month, by card, from India or abroad.',
  startDonating: 'Start Donating',
  whyTitle: 'Why Donate With Us?',
  whyDescription: 'Giving is an act of trust. Here is how we look after your gift, from the moment you pay.',
  impactTitle: 'Your Impact',
  impactDescription: 'A little goes a long way. This is what your donation provides for a child.',
  featuredTitle: 'Featured Campaigns',
  featuredDescription:
    'Choose a campaign to give to it directly, or leave them all unselected to make a general donation where the need is greatest.',
  formTitle: 'Start Your Donation',
  formDescription: 'Choose an amount, tell us where to send your receipt, and pay securely by card.',
  donatingTo: DONATING_TO,
  changeCampaign: 'Change Campaign',
  selectedForDonation: 'Selected for donation',
  closedCampaignSuffix: 'is not accepting donations, so your gift will be a general donation, used where the need is greatest.',
  countriesTitle: 'International Donations Welcome',
  countriesDescription:
    'Supporters all over the world stand with the children we serve. You can give by card from any of these countries, in your own currency.',
  ctaTitle: 'Ready to Make a Difference?',
  ctaText: 'Every gift, large or small, helps a child grow up healthy, safe and learning.',
  donateNow: 'Donate Now',
  learnMore: 'Learn More',
  learnMoreAbout: `about ${ORGANISATION.name}`,
} as const;

/** The four statistics' labels, in display order (spec §2 "Donate"). */
export const DONATE_STAT_LABELS = {
  totalDonations: 'Total Donations',
  childrenHelped: 'Children Helped',
  amountRaised: 'Amount Raised',
  countries: 'Countries',
} as const;

/**
 * 'Why Donate With Us?' (spec §2: secure payments via the card provider, a repeated secure-payments card, direct
 * impact, international support). The repeated card is written as its own point, encryption, rather than a
 * duplicate: two identical cards would read as a mistake.
 */
export const WHY_DONATE_ITEMS: readonly FeatureItem[] = [
  {
    title: 'Secure Payments',
    description:
      'Card payments are processed by Stripe, a PCI DSS Level 1 certified payment provider trusted by millions of organisations.',
    icon: <ShieldIcon />,
  },
  {
    title: 'Secure & Encrypted',
    description:
      'Your card details are encrypted and go straight to the payment provider. They never reach or stay on our servers.',
    icon: <LockIcon />,
  },
  {
    title: 'Direct Impact',
    description:
      'Your gift funds healthcare, nutrition, schooling and family support for the children in our programmes, and you get a receipt by email.',
    icon: <HeartHandIcon />,
  },
  {
    title: 'International Support',
    description: 'Give from India or abroad with your card, in your local currency, once or every month.',
    icon: <GlobeIcon size={24} />,
  },
];
