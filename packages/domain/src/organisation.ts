/**
 * Default organisation info, used by seed data and the site chrome (header contact bar, footer,
 * contact page). The spec names the fields but not their values (§1); these are ours, except the
 * registration number and tax approvals, which the spec gives.
 */

export interface SocialLink {
  network: 'facebook' | 'instagram' | 'x' | 'linkedin' | 'youtube';
  label: string;
  href: string;
}

export interface OfficeHours {
  days: string;
  hours: string;
}

export interface Organisation {
  name: string;
  tagline: string;
  short_description: string;
  description: string;
  email: string;
  phones: { main: string; emergency_hotline: string };
  address: {
    line1: string;
    line2: string;
    city: string;
    state: string;
    pincode: string;
    country: string;
  };
  registration_number: string;
  registration: string;
  tax_approvals: string[];
  office_hours: OfficeHours[];
  phone_hours: string;
  reply_within_hours: number;
  social_links: SocialLink[];
}

export const ORGANISATION: Organisation = {
  name: 'Bright Beginnings Foundation',
  tagline: 'Every Child Deserves Love, Care & Opportunity',
  short_description:
    'A non-profit caring for infants and children through education, health, nutrition, family support and child protection.',
  description:
    'Bright Beginnings Foundation supports infants and children in need across India. We run healthcare and nutrition programmes, support children through school, provide safe housing and stand beside families, so that every child can grow up healthy, safe and learning.',
  email: 'contact@brightbeginnings.org.in',
  phones: {
    main: '+91 80 4123 5678',
    emergency_hotline: '+91 98450 12345',
  },
  address: {
    line1: '42, 2nd Cross, 5th Main Road',
    line2: 'Indiranagar 1st Stage',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560038',
    country: 'India',
  },
  registration_number: '602 of 2019',
  registration: 'Registration No. 602 of 2019',
  tax_approvals: ['12A', '80G'],
  office_hours: [
    { days: 'Monday - Friday', hours: '9:00 AM - 6:00 PM' },
    { days: 'Saturday', hours: '10:00 AM - 4:00 PM' },
    { days: 'Sunday', hours: 'Closed' },
  ],
  phone_hours: 'Mon-Fri 9 AM-6 PM',
  reply_within_hours: 24,
  social_links: [
    { network: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/brightbeginningsfoundation' },
    { network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/brightbeginningsfoundation' },
    { network: 'x', label: 'X (Twitter)', href: 'https://x.com/brightbeginorg' },
    { network: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/company/brightbeginningsfoundation' },
    { network: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/@brightbeginningsfoundation' },
  ],
};

/** One line for the footer and contact card: '42, 2nd Cross, …, Bengaluru, Karnataka 560038, India'. */
export function formatOrganisationAddress(address: Organisation['address'] = ORGANISATION.address): string {
  const parts = [address.line1, address.line2, address.city].filter((p) => p.trim() !== '');
  return `${parts.join(', ')}, ${address.state} ${address.pincode}, ${address.country}`;
}
