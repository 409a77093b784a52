import type { Ref } from 'react';
import { formatDonationAmount } from '@charity/domain';
import { Button } from '../components/Button';
import { ShareLinks } from '../components/ShareLinks';
import { THANK_YOU_TEXTS } from './ThankYou';
import type { LastDonation } from './wizard-value';

/**
 * Every text of the note, in one place. The receipt's lines are the thank-you's own, so the donor meets the same words
 * before and after the reset.
 */
export const RECEIPT_NOTE_TEXTS = {
  /** The note's name as a region. */
  label: 'Your last donation',
  complete: (amount: string) => `Your donation of ${amount} is complete.`,
  completeMonthly: (amount: string) => `Your monthly donation of ${amount} is complete.`,
  receiptNumber: THANK_YOU_TEXTS.receiptNumber,
  receiptPending: THANK_YOU_TEXTS.receiptPending,
  download: THANK_YOU_TEXTS.download,
  receiptSent: THANK_YOU_TEXTS.receiptSent,
  receiptLater: THANK_YOU_TEXTS.receiptLater,
  shareText: THANK_YOU_TEXTS.shareText,
  dismiss: 'Dismiss',
} as const;

export interface ReceiptNoteProps {
  donation: LastDonation;
  onDismiss: () => void;
  /** The first line, which the wizard focuses when the reset replaced a thank-you that had focus. */
  titleRef?: Ref<HTMLParagraphElement>;
}

/**
 * The last completed donation, above step 1 once the wizard has started over (spec §4's reset 10 s after a success):
 * its receipt number, the PDF and where it was mailed, and the campaign to pass on, so a donor who reads slowly still
 * has them (WCAG 2.2.1). Compact, and kept until dismissed. The receipt part is a polite live region, as on the
 * thank-you, for a receipt that was still being prepared when the wizard reset.
 */
export function ReceiptNote({ donation, onDismiss, titleRef }: ReceiptNoteProps) {
  const { receipt, email } = donation;
  const amount = formatDonationAmount(donation.amount, donation.currency);
  const number = receipt.state === 'ready' ? receipt.number : donation.receiptNumber;
  return (
    <section className="cs-receipt-note" aria-label={RECEIPT_NOTE_TEXTS.label}>
      <div className="cs-receipt-note__body">
        <p ref={titleRef} tabIndex={-1} className="cs-receipt-note__title">
          {donation.donationType === 'monthly' ? RECEIPT_NOTE_TEXTS.completeMonthly(amount) : RECEIPT_NOTE_TEXTS.complete(amount)}
        </p>
        <div className="cs-receipt-note__receipt" role="status">
          {number ? <p className="cs-receipt-note__line">{RECEIPT_NOTE_TEXTS.receiptNumber(number)}</p> : null}
          {receipt.state === 'pending' ? <p className="cs-receipt-note__line">{RECEIPT_NOTE_TEXTS.receiptPending}</p> : null}
          {receipt.state === 'ready' || receipt.state === 'sent' ? (
            <p className="cs-receipt-note__line">{RECEIPT_NOTE_TEXTS.receiptSent(email)}</p>
          ) : null}
          {receipt.state === 'failed' ? <p className="cs-receipt-note__line">{RECEIPT_NOTE_TEXTS.receiptLater(email)}</p> : null}
        </div>
        {receipt.state === 'ready' ? (
          <p className="cs-receipt-note__line">
            <a className="cs-thank-you__download" href={receipt.downloadUrl} type="application/pdf">
              {RECEIPT_NOTE_TEXTS.download}
            </a>
          </p>
        ) : null}
        {donation.share ? (
          <ShareLinks
            className="cs-receipt-note__share"
            url={donation.share.url}
            title={donation.share.title}
            text={RECEIPT_NOTE_TEXTS.shareText}
            headingLevel={null}
          />
        ) : null}
      </div>
      <Button variant="outline" size="sm" className="cs-receipt-note__dismiss" onClick={onDismiss}>
        {RECEIPT_NOTE_TEXTS.dismiss}
      </Button>
    </section>
  );
}
