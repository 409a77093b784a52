import { formatOrganisationAddress, ORGANISATION } from '@charity/domain';
import type { Theme } from './illustrations.js';
import type { CampaignStatus, EventStatus } from './schema.js';

// What a fresh install shows: the organisation, a handful of campaigns in every status and events in every
// status with photo galleries. Dates are relative to the moment of seeding so "days left" stays meaningful.

/** The organisation row, from the one definition the site's header, footer and contact page also use. */
export const ORGANISATION_SEED = {
  name: ORGANISATION.name,
  tagline: ORGANISATION.tagline,
  description: ORGANISATION.description,
  email: ORGANISATION.email,
  phones: ORGANISATION.phones,
  address: formatOrganisationAddress(ORGANISATION.address),
  registrationNumber: ORGANISATION.registration_number,
  taxApprovals: ORGANISATION.tax_approvals,
};

export interface CampaignSeed {
  title: string;
  description: string;
  status: CampaignStatus;
  isFeatured: boolean;
  category: string;
  theme: Theme;
  targetAmount: number;
  raisedAmount: number;
  donationCount: number;
  /** Days from now; negative is in the past. */
  startInDays: number;
  endInDays: number;
}

export const CAMPAIGN_SEEDS: CampaignSeed[] = [
  {
    title: 'School Kits for 500 Children',
    description:
      'A bag, notebooks, a geometry box, a water bottle and a uniform for 500 children starting the school year ' +
      'in government schools around Bengaluru. A complete kit costs about 1,000 rupees and keeps a child in class.',
    status: 'active',
    isFeatured: true,
    category: 'education',
    theme: 'school',
    targetAmount: 500000,
    raisedAmount: 312450,
    donationCount: 428,
    startInDays: -40,
    endInDays: 45,
  },
  {
    title: 'Nutritious Midday Meals',
    description:
      'Hot, balanced meals with dal, vegetables, eggs and fruit for children in three community learning centres. ' +
      'For many of them it is the most reliable meal of the day, and attendance rises when lunch is served.',
    status: 'active',
    isFeatured: true,
    category: 'nutrition',
    theme: 'nutrition',
    targetAmount: 750000,
    raisedAmount: 486200,
    donationCount: 611,
    startInDays: -60,
    endInDays: 60,
  },
  {
    title: 'Newborn Health Checkups in Rural Clinics',
    description:
      'Monthly checkups, vaccinations and growth monitoring for newborns and infants in twelve villages, with a ' +
      'trained nurse and a paediatrician visiting each clinic. Early care prevents most childhood illnesses.',
    status: 'active',
    isFeatured: true,
    category: 'health',
    theme: 'health',
    targetAmount: 1200000,
    raisedAmount: 355000,
    donationCount: 274,
    startInDays: -20,
    endInDays: 90,
  },
  {
    title: 'Clean Drinking Water for Village Schools',
    description:
      'Water purifiers and handwashing stations for eight village schools, so children stop missing lessons ' +
      'because of water-borne illness. Each station serves about 150 children.',
    status: 'active',
    isFeatured: false,
    category: 'health',
    theme: 'water',
    targetAmount: 400000,
    raisedAmount: 98500,
    donationCount: 117,
    startInDays: -10,
    endInDays: 120,
  },
  {
    title: 'Winter Blankets and Warm Clothing',
    description:
      'Blankets, sweaters and socks for children living in temporary shelters during the cold months. Thanks to ' +
      'our donors the target was reached early and every kit has been handed out.',
    status: 'completed',
    isFeatured: true,
    category: 'family-support',
    theme: 'family',
    targetAmount: 250000,
    raisedAmount: 263800,
    donationCount: 395,
    startInDays: -70,
    endInDays: 10,
  },
  {
    title: 'Monsoon Relief for Families',
    description:
      'Dry rations, clean water, medicines and school supplies for families whose homes were flooded during the ' +
      'monsoon, so children could return to school within weeks rather than months.',
    status: 'completed',
    isFeatured: false,
    category: 'family-support',
    theme: 'trees',
    targetAmount: 800000,
    raisedAmount: 812340,
    donationCount: 1032,
    startInDays: -160,
    endInDays: -75,
  },
  {
    title: 'Safe Spaces: Child Protection Helpline',
    description:
      'Counsellors and a 24-hour helpline for children at risk of abuse, neglect or child labour, with follow-up ' +
      'visits by trained social workers. Paused while we complete training for the new team.',
    status: 'paused',
    isFeatured: false,
    category: 'child-protection',
    theme: 'play',
    targetAmount: 600000,
    raisedAmount: 120000,
    donationCount: 86,
    startInDays: -30,
    endInDays: 30,
  },
  {
    title: 'Digital Learning Corners',
    description:
      'Tablets, headphones and offline learning content for after-school reading and maths practice in five ' +
      'community centres. Being prepared; not yet open for donations.',
    status: 'draft',
    isFeatured: false,
    category: 'education',
    theme: 'books',
    targetAmount: 300000,
    raisedAmount: 0,
    donationCount: 0,
    startInDays: 15,
    endInDays: 150,
  },
];

export interface EventSeed {
  title: string;
  description: string;
  status: EventStatus;
  /** Days from now; negative is in the past. */
  dateInDays: number;
  location: string;
  impact: string;
  photos: Theme[];
}

export const EVENT_SEEDS: EventSeed[] = [
  {
    title: 'Community Health Camp',
    description:
      'A free health camp with paediatricians, a dentist and an eye specialist for children and their families, ' +
      'with nutrition counselling for mothers of infants.',
    status: 'upcoming',
    dateInDays: 14,
    location: 'Government Primary School, Hoskote',
    impact: 'We expect to screen around 400 children and refer those who need follow-up care.',
    photos: ['health', 'family', 'trees'],
  },
  {
    title: 'Back-to-School Kit Distribution',
    description:
      'Children collect their school kits — bags, books and uniforms — at a morning celebration with games and ' +
      'a story-telling session.',
    status: 'upcoming',
    dateInDays: 30,
    location: 'Community Hall, Whitefield',
    impact: '500 kits ready for children starting the new school year.',
    photos: ['school', 'books'],
  },
  {
    title: 'Monsoon Nutrition Drive',
    description:
      'Volunteers deliver nutrition packs with rice, dal, oil and fortified flour to families in low-lying areas ' +
      'during the monsoon weeks.',
    status: 'ongoing',
    dateInDays: -3,
    location: 'K R Puram and surrounding settlements',
    impact: 'So far 320 families have received packs; the drive continues until the rains ease.',
    photos: ['nutrition', 'family', 'water', 'trees'],
  },
  {
    title: 'Saturday Reading Club',
    description:
      'A weekly reading club where volunteers read aloud and children borrow books to take home, run in ' +
      'partnership with the local library.',
    status: 'ongoing',
    dateInDays: -10,
    location: 'Public Library, Jayanagar',
    impact: '85 children are regular members and borrow about 150 books a month.',
    photos: ['books', 'school', 'play'],
  },
  {
    title: "Annual Children's Sports Day",
    description:
      'Races, relays, tug-of-war and a football match for children from our learning centres, followed by lunch ' +
      'and a prize-giving for every participant.',
    status: 'completed',
    dateInDays: -40,
    location: 'Kanteerava Stadium grounds, Bengaluru',
    impact: '260 children took part, and 40 volunteers from local companies helped run the day.',
    photos: ['play', 'trees', 'family'],
  },
  {
    title: 'Newborn Care Workshop for Mothers',
    description:
      'A hands-on workshop on breastfeeding, hygiene, vaccination schedules and danger signs in newborns, led by ' +
      'nurses from the district hospital.',
    status: 'completed',
    dateInDays: -75,
    location: 'Primary Health Centre, Anekal',
    impact: '65 mothers attended and each received a newborn care kit.',
    photos: ['health', 'family'],
  },
  {
    title: 'Lakeside Tree Planting Day',
    description:
      'Children and volunteers were to plant 300 saplings around the lake and learn about local birds. ' +
      'Cancelled because of heavy rain; a new date will be announced.',
    status: 'cancelled',
    dateInDays: -5,
    location: 'Hebbal Lake, Bengaluru',
    impact: 'Saplings are being cared for at the nursery until the new date.',
    photos: ['trees', 'water'],
  },
  {
    title: 'Art for Hope Exhibition',
    description:
      'An exhibition of paintings by children from our centres, with proceeds going to the education fund. ' +
      'Cancelled because the venue became unavailable.',
    status: 'cancelled',
    dateInDays: 20,
    location: 'Chitrakala Parishath, Bengaluru',
    impact: 'The paintings will be shown online instead.',
    photos: ['play', 'school', 'books'],
  },
];
