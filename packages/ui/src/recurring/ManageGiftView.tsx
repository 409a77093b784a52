import { useId } from 'react';
import { isGiftOngoing } from '@charity/domain';
import { Button } from '../components/Button';
import { cn } from '../lib/cn';
import { GiftPaymentsTable } from './GiftPaymentsTable';
import { GiftSummary } from './GiftSummary';
import { giftDate } from './gift-text';
import type { GiftRecord } from './types';

export const MANAGE_GIFT_TEXT = {
  title: 'Your monthly gift',
  actions: 'Change your gift',
  changeAmount: 'Change amount',
  changeCard: 'Change card',
  pause: 'Pause',
  resume: 'Resume now',
  cancel: 'Cancel gift',
  privacyHeading: 'Keep this link private',
  revoke: 'Stop all links to this gift',
} as const;

/** The privacy note under 'Keep this link private': who the link lets in, and until when it works. */
export function giftLinkNote(linkExpiresAt: string, ongoing: boolean): string {
  const what = ongoing ? 'see your gift and change or cancel it' : 'see your gift and its receipts';
  const until = giftDate(linkExpiresAt);
  const expiry = until ? ` This link works until ${until}.` : '';
  return `Anyone who has this link can ${what}, so please do not share it.${expiry} Every receipt and every email about your gift brings a new one.`;
}

export interface ManageGiftViewProps {
  gift: GiftRecord;
  /** The outcome of the last change (RECURRING_MESSAGES.amountChanged(…), .paused(…) …), announced politely. */
  notice: string | null;
  /** A change is being saved: every button waits. */
  busy: boolean;
  onChangeAmount: () => void;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
  onChangeCard: () => void;
  onRevokeLinks: () => void;
  className?: string;
}

/**
 * The body of the donor's manage page, reached from the link in an email: the gift (GiftSummary), the changes that
 * apply to it now, its payments with their receipts, and what to know about the link itself. A gift that will be
 * charged again (active, paused, payment failed) can have its amount and card changed and be cancelled; only an
 * active one can be paused and only a paused one resumed. A lapsed or cancelled gift shows no change buttons.
 */
export function ManageGiftView({
  gift,
  notice,
  busy,
  onChangeAmount,
  onPause,
  onResume,
  onCancel,
  onChangeCard,
  onRevokeLinks,
  className,
}: ManageGiftViewProps) {
  const privacyId = useId();
  const ongoing = isGiftOngoing(gift.status);
  return (
    <div className={cn('cs-manage-gift', className)} aria-busy={busy || undefined}>
      <h1 className="cs-manage-gift__title">{MANAGE_GIFT_TEXT.title}</h1>
      {/* Always present, so a notice that arrives after a change is announced. */}
      <div role="status" className="cs-manage-gift__status">
        {notice ? <p className="cs-gift-notice">{notice}</p> : null}
      </div>
      <GiftSummary gift={gift} />
      {ongoing ? (
        <div className="cs-manage-gift__actions" role="group" aria-label={MANAGE_GIFT_TEXT.actions}>
          {gift.status === 'paused' ? (
            <Button onClick={onResume} disabled={busy}>
              {MANAGE_GIFT_TEXT.resume}
            </Button>
          ) : null}
          <Button variant="outline" onClick={onChangeAmount} disabled={busy}>
            {MANAGE_GIFT_TEXT.changeAmount}
          </Button>
          {/* A failed payment is mostly a card to replace: then that is the main action. */}
          <Button variant={gift.status === 'past_due' ? 'primary' : 'outline'} onClick={onChangeCard} disabled={busy}>
            {MANAGE_GIFT_TEXT.changeCard}
          </Button>
          {gift.status === 'active' ? (
            <Button variant="outline" onClick={onPause} disabled={busy}>
              {MANAGE_GIFT_TEXT.pause}
            </Button>
          ) : null}
          <Button variant="ghost" className="cs-manage-gift__cancel" onClick={onCancel} disabled={busy}>
            {MANAGE_GIFT_TEXT.cancel}
          </Button>
        </div>
      ) : null}
      <GiftPaymentsTable payments={gift.payments} />
      <section className="cs-manage-gift__privacy" aria-labelledby={privacyId}>
        <h2 id={privacyId} className="cs-manage-gift__heading">
          {MANAGE_GIFT_TEXT.privacyHeading}
        </h2>
        <p className="cs-manage-gift__note">{giftLinkNote(gift.link_expires_at, ongoing)}</p>
        <Button variant="outline" size="sm" onClick={onRevokeLinks} disabled={busy}>
          {MANAGE_GIFT_TEXT.revoke}
        </Button>
      </section>
    </div>
  );
}
