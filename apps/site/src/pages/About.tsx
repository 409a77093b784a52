import { ORGANISATION } from '@charity/domain';
import {
  AboutApproachList,
  AboutCardGrid,
  AboutStatements,
  CallToActionBanner,
  PageHero,
  PageSection,
  type AboutApproachPoint,
  type AboutCardItem,
  type AboutStatement,
} from '@charity/ui';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageMeta } from '../lib/PageMeta';

// The About page's words (spec §2 "About"). Honest on purpose: no names, testimonials or figures that the
// organisation has not given us; facts (registration, tax approvals) come from ORGANISATION.

const STATEMENTS: readonly AboutStatement[] = [
  {
    title: 'Our Mission',
    icon: 'compass',
    text: 'To give infants and children in need the care, protection and opportunities they need to grow up healthy, safe and learning, by working alongside their families and communities.',
  },
  {
    title: 'Our Vision',
    icon: 'eye',
    text: 'A world where every child is loved, cared for and free to reach their full potential, whatever the circumstances they were born into.',
  },
];

const VALUES: readonly AboutCardItem[] = [
  {
    title: 'Compassion',
    icon: 'heart',
    description: 'We meet every child and family with kindness and respect, and we listen before we act.',
  },
  {
    title: 'Trust',
    icon: 'shield',
    description: `We use every donation with care and are open about where it goes. As a registered non-profit with ${ORGANISATION.tax_approvals.join(' and ')} approvals, we are accountable to the children we serve and to the people who support them.`,
  },
  {
    title: 'Collaboration',
    icon: 'users',
    description:
      'We work with parents, teachers, health workers and local communities, because no child is helped by one organisation alone.',
  },
  {
    title: 'Excellence',
    icon: 'star',
    description: 'We hold our programmes to high standards, learn from what works and keep improving the care children receive.',
  },
];

const PROGRAMS: readonly AboutCardItem[] = [
  {
    title: 'Healthcare Programs',
    icon: 'stethoscope',
    description:
      'Health check-ups, nutrition support, immunisation awareness and referrals, so that infants and children get the care they need early.',
  },
  {
    title: 'Education Support',
    icon: 'book',
    description:
      'Help with school enrolment, learning materials and extra classes, so that children start school, keep learning and stay in school.',
  },
  {
    title: 'Safe Housing',
    icon: 'home',
    description:
      'A safe, caring place to stay for children who have nowhere safe to go, and a path back to family or long-term care wherever possible.',
  },
  {
    title: 'Family Support',
    icon: 'family',
    description:
      'Guidance, counselling and practical help for parents and caregivers, because children do best when their families are supported too.',
  },
];

const APPROACH: readonly AboutApproachPoint[] = [
  {
    title: 'Every child included',
    description:
      'Learning is open to every child: girls, children with disabilities and first-generation learners are welcomed and supported.',
  },
  {
    title: "Rooted in the child's world",
    description: "Lessons start from the language, culture and daily life children know, so that new ideas make sense.",
  },
  {
    title: 'Child-friendly classrooms',
    description: 'Safe, warm and playful places to learn, free from fear, where children are encouraged to ask questions.',
  },
  {
    title: 'Learning that lasts',
    description:
      'We work with parents, teachers and local schools so that progress continues long after our support ends.',
  },
  {
    title: 'The whole child',
    description: 'Reading and numbers sit alongside play, art, health and emotional wellbeing in a balanced day.',
  },
  {
    title: 'Real learning outcomes',
    description: 'We look at what children can actually read, write and do, not only at attendance, and adjust our teaching.',
  },
];

export default function AboutPage() {
  useDocumentTitle('About');
  return (
    <>
      <PageMeta path="/about" />
      <PageHero
        eyebrow="Who We Are"
        title={`About ${ORGANISATION.name}`}
        lead={`${ORGANISATION.description} We are a registered non-profit (${ORGANISATION.registration}).`}
      />
      <AboutStatements statements={STATEMENTS} />
      <PageSection title="Our Values" intro="What guides our work with every child and family." tone="alt">
        <AboutCardGrid items={VALUES} />
      </PageSection>
      <PageSection title="Our Programs" intro="Four ways we care for children and the families around them.">
        <AboutCardGrid items={PROGRAMS} />
      </PageSection>
      <PageSection
        title="Our Approach to Education"
        intro="Six principles shape how we help children learn."
        tone="alt"
      >
        <AboutApproachList points={APPROACH} />
      </PageSection>
      <CallToActionBanner
        title="Help Us Give Every Child a Bright Beginning"
        text="Your donation supports children through our healthcare, education, housing and family programmes. If you would like to volunteer, partner with us or simply learn more, we would love to hear from you."
        primary={{ label: 'Donate Now', href: '/donate' }}
        secondary={{ label: 'Get in Touch', href: '/contact' }}
      />
    </>
  );
}
