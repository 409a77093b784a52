import {
  ADMIN_DONATION_STATUS_LABELS,
  CONTACT_MESSAGE_STATUS_LABELS,
  MAIL_STATUS_LABELS,
  type AdminDonationStatus,
  type ContactMessageStatus,
  type MailStatus,
} from '@charity/domain';
import { Badge, type BadgeTone } from '../../components/Badge';

// Colour follows meaning across the console: green done, yellow in progress, red failed, grey set aside.
// The badge's text always names the status, so colour is never the only signal.
const DONATION_TONES: Readonly<Record<AdminDonationStatus, BadgeTone>> = {
  completed: 'green',
  pending: 'yellow',
  failed: 'red',
  refunded: 'grey',
};
const MAIL_TONES: Readonly<Record<MailStatus, BadgeTone>> = {
  sent: 'green',
  pending: 'yellow',
  failed: 'red',
  stored: 'blue',
};
const MESSAGE_TONES: Readonly<Record<ContactMessageStatus, BadgeTone>> = {
  unread: 'blue',
  read: 'neutral',
  archived: 'grey',
};

/** A donation's status as staff read it ('Completed', 'Failed', ...); an unknown status is shown as sent, neutral. */
export function DonationStatusBadge({ status }: { status: AdminDonationStatus | string }) {
  const known = Object.hasOwn(DONATION_TONES, status) ? (status as AdminDonationStatus) : null;
  return <Badge tone={known ? DONATION_TONES[known] : 'neutral'}>{known ? ADMIN_DONATION_STATUS_LABELS[known] : status}</Badge>;
}

export function MailStatusBadge({ status }: { status: string }) {
  const known = Object.hasOwn(MAIL_TONES, status) ? (status as MailStatus) : null;
  return <Badge tone={known ? MAIL_TONES[known] : 'neutral'}>{known ? MAIL_STATUS_LABELS[known] : status}</Badge>;
}

export function MessageStatusBadge({ status }: { status: ContactMessageStatus }) {
  return <Badge tone={MESSAGE_TONES[status]}>{CONTACT_MESSAGE_STATUS_LABELS[status]}</Badge>;
}
