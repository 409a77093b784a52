import { ORGANISATION, type OfficeHours } from '@charity/domain';
import type { FAQItem } from '@charity/ui';

// The contact page's own words. Facts come from ORGANISATION (12A/80G approvals, reply time) so the copy
// cannot drift from what the footer and the seed data say. No figures or promises the charity cannot keep.

const approvals = ORGANISATION.tax_approvals.join(' and ');

export const CONTACT_FAQS: readonly FAQItem[] = [
  {
    question: 'How are my donations used?',
    answer:
      'Your donations pay for the care children receive through our healthcare, education, safe housing and family support programmes. A gift to a particular campaign goes to that campaign; a general donation goes where the need is greatest at the time. If you would like to know more about how funds are spent, write to us and we will explain.',
  },
  {
    question: 'Are my donations eligible for tax benefits?',
    answer: `Yes, for taxpayers in India. We are registered with ${approvals} approvals under the Income Tax Act, so your donation can be claimed as a deduction under section 80G. Enter your PAN when you donate so that it appears on your receipt.`,
  },
  {
    question: 'How can I volunteer with you?',
    answer: `Send us a message with the subject 'Volunteer Opportunities' and tell us a little about yourself, your skills and when you are free. We reply within ${ORGANISATION.reply_within_hours} hours and will talk through the ways you could help.`,
  },
  {
    question: 'Will I receive a receipt for my donation?',
    answer:
      'Yes. Once your payment is complete we email a receipt to the address you gave. For donors in India who add their PAN, the receipt carries the 80G details you need for your tax return. If it has not arrived, check your spam folder or write to us with your payment ID.',
  },
];

export const OFFICE_HOURS: readonly OfficeHours[] = ORGANISATION.office_hours;
