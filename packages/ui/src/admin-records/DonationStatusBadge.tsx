import { ADMIN_DONATION_STATUS_LABELS, type AdminDonationStatus } from '@charity/domain';
import { Badge, type BadgeTone } from '../components/Badge';

/** Completed green, Pending yellow, Failed red, Refunded grey: every tone also carries its word, never colour alone. */
const TONES: Readonly<Record<AdminDonationStatus, BadgeTone>> = {
  completed: 'green',
  pending: 'yellow',
  failed: 'red',
  refunded: 'grey',
};

/** A donation's status as staff read it ('Completed'); an unknown status is shown as sent. */
export function DonationStatusBadge({ status }: { status: AdminDonationStatus | string }) {
  const known = Object.hasOwn(TONES, status) ? (status as AdminDonationStatus) : null;
  return <Badge tone={known ? TONES[known] : 'neutral'}>{known ? ADMIN_DONATION_STATUS_LABELS[known] : status}</Badge>;
}

/** Text for a value the record does not have: a dash to the eye, words to a screen reader. */
export function NotGiven({ label = 'Not given' }: { label?: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="cs-visually-hidden">{label}</span>
    </>
  );
}
