import { GIFT_STATUS_LABELS, type GiftStatus } from '@charity/domain';
import { Badge, type BadgeTone } from '../components/Badge';

/**
 * One colour per state, following the console's meaning of colour: green going, blue paused on purpose, yellow a
 * payment being retried, red stopped by failed payments, grey ended by someone, neutral not started. Every tone is a
 * Badge tone, whose text and fill meet WCAG AA; the label always names the state, so colour is never the only signal.
 */
export const GIFT_STATUS_TONES: Readonly<Record<GiftStatus, BadgeTone>> = {
  incomplete: 'neutral',
  active: 'green',
  paused: 'blue',
  past_due: 'yellow',
  lapsed: 'red',
  cancelled: 'grey',
};

export interface GiftStatusBadgeProps {
  status: GiftStatus;
  className?: string;
}

/** A monthly gift's state in words ('Active', 'Payment failed' …: the domain's GIFT_STATUS_LABELS). */
export function GiftStatusBadge({ status, className }: GiftStatusBadgeProps) {
  const known = Object.hasOwn(GIFT_STATUS_TONES, status);
  return (
    <Badge tone={known ? GIFT_STATUS_TONES[status] : 'neutral'} className={className}>
      {known ? GIFT_STATUS_LABELS[status] : status}
    </Badge>
  );
}
