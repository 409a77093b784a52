import type { Ref } from 'react';
import { DONATION_MESSAGES, RECURRING_MESSAGES, formatDonationAmount, type DonationPayload } from '@charity/domain';
import { ShareLinks } from '../components/ShareLinks';

/** Where the receipt is: asked for after the save, so the thank-you shows before it is ready. */
export type ReceiptStatus =
  | { state: 'pending' }
  /** Issued and mailed; `downloadUrl` serves the PDF. */
  | { state: 'ready'; number: string; downloadUrl: string }
  /** The request succeeded without an invoice in the reply (the contract says it "may carry" one). */
  | { state: 'sent' }
  /** The request failed: the server's receipt sweep issues and mails it shortly (apps/api receipts/missing-receipts). */
  | { state: 'failed' };

/** A campaign to pass on from the thank-you: its page's absolute address and its title. */
export interface DonationShare {
  url: string;
  title: string;
}

export const THANK_YOU_TEXTS = {
  paymentId: (id: string) => `Payment ID: ${id}`,
  receiptNumber: (number: string) => `Receipt number: ${number}`,
  receiptPending: 'Preparing your receipt…',
  download: 'Download your receipt (PDF)',
  receiptSent: (email: string) => `Receipt sent to ${email}`,
  receiptLater: (email: string) =>
    `Your receipt is not ready yet. We will email it to ${email} within a few minutes; there is nothing more you need to do.`,
  shareText: 'I just gave to this campaign. You can help too:',
} as const;

export interface ThankYouProps {
  payload: DonationPayload;
  paymentIntentId: string;
  /** The 80G receipt's number, from the save or the receipt request; null while unknown. */
  receiptNumber: string | null;
  receipt: ReceiptStatus;
  share?: DonationShare | null;
  /** The title, focused by the panel when the thank-you replaces the form. */
  titleRef?: Ref<HTMLParagraphElement>;
}

/**
 * The thank-you after a paid and saved gift (spec §8: its title word for word, and the payment id), with what the donor
 * needs next: the receipt's number, its PDF and where it was mailed, what a monthly gift does next, and the campaign to
 * pass on. The receipt part is a polite live region, so 'Preparing your receipt…' turning into the link is announced.
 */
export function ThankYou({ payload, paymentIntentId, receiptNumber, receipt, share = null, titleRef }: ThankYouProps) {
  const email = payload.donor.email;
  const number = receipt.state === 'ready' ? receipt.number : receiptNumber;
  return (
    <div className="cs-payment-result cs-payment-result--success">
      <p ref={titleRef} tabIndex={-1} className="cs-payment-result__title">
        {DONATION_MESSAGES.paymentSuccessThankYou}
      </p>
      <p className="cs-payment-result__detail">{THANK_YOU_TEXTS.paymentId(paymentIntentId)}</p>
      <div className="cs-thank-you__receipt" role="status">
        {number ? <p className="cs-payment-result__detail">{THANK_YOU_TEXTS.receiptNumber(number)}</p> : null}
        {receipt.state === 'pending' ? <p className="cs-payment-result__detail">{THANK_YOU_TEXTS.receiptPending}</p> : null}
        {receipt.state === 'ready' || receipt.state === 'sent' ? (
          <p className="cs-payment-result__detail">{THANK_YOU_TEXTS.receiptSent(email)}</p>
        ) : null}
        {receipt.state === 'failed' ? <p className="cs-payment-result__detail">{THANK_YOU_TEXTS.receiptLater(email)}</p> : null}
      </div>
      {receipt.state === 'ready' ? (
        <p className="cs-payment-result__detail">
          <a className="cs-thank-you__download" href={receipt.downloadUrl} type="application/pdf">
            {THANK_YOU_TEXTS.download}
          </a>
        </p>
      ) : null}
      {payload.donation_type === 'monthly' ? (
        <p className="cs-payment-result__detail">
          {RECURRING_MESSAGES.thankYouMonthly(formatDonationAmount(payload.amount, payload.currency))}
        </p>
      ) : null}
      {share ? (
        <ShareLinks className="cs-thank-you__share" url={share.url} title={share.title} text={THANK_YOU_TEXTS.shareText} headingLevel={null} />
      ) : null}
    </div>
  );
}
