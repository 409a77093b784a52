import { useId } from 'react';
import { formatCurrency } from '@charity/domain';
import { Badge } from '../components/Badge';
import { cn } from '../lib/cn';
import { giftDate } from './gift-text';
import type { GiftPaymentRecord } from './types';

export const GIFT_PAYMENTS_TEXT = {
  caption: 'Payments so far',
  empty: 'No payments yet.',
  columnDate: 'Date',
  columnAmount: 'Amount',
  columnPayment: 'Payment',
  columnReceipt: 'Receipt',
  firstPayment: 'First payment',
  renewal: 'Monthly renewal',
  refunded: 'Refunded',
  receiptPending: 'Receipt on its way',
} as const;

/** 'Receipt RCP-2026-000101 (PDF)'; 'Receipt (PDF)' when the number is not known. */
export function giftReceiptLinkText(receiptNumber: string | null): string {
  return receiptNumber ? `Receipt ${receiptNumber} (PDF)` : 'Receipt (PDF)';
}

export interface GiftPaymentsTableProps {
  payments: readonly GiftPaymentRecord[];
  /** The level of the 'Payments so far' heading (2 on the manage page). */
  headingLevel?: 2 | 3;
  className?: string;
}

/**
 * Every payment of a monthly gift: its date, amount, whether it was the first payment or a monthly renewal, and its
 * receipt (a download link once issued, 'Receipt on its way' until then). Columns wrap rather than scroll, so the
 * table fits a phone.
 */
export function GiftPaymentsTable({ payments, headingLevel = 2, className }: GiftPaymentsTableProps) {
  const headingId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section className={cn('cs-gift-payments', className)} aria-labelledby={headingId}>
      <Heading id={headingId} className="cs-gift-payments__heading">
        {GIFT_PAYMENTS_TEXT.caption}
      </Heading>
      {payments.length === 0 ? (
        <p className="cs-gift-payments__empty">{GIFT_PAYMENTS_TEXT.empty}</p>
      ) : (
        <table className="cs-gift-payments__table">
          <caption className="cs-visually-hidden">{GIFT_PAYMENTS_TEXT.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{GIFT_PAYMENTS_TEXT.columnDate}</th>
              <th scope="col" className="cs-gift-payments__number">
                {GIFT_PAYMENTS_TEXT.columnAmount}
              </th>
              <th scope="col">{GIFT_PAYMENTS_TEXT.columnPayment}</th>
              <th scope="col">{GIFT_PAYMENTS_TEXT.columnReceipt}</th>
            </tr>
          </thead>
          <tbody>
            {payments.map((payment) => (
              <tr key={payment.donation_id}>
                <th scope="row">
                  <time dateTime={payment.paid_at}>{giftDate(payment.paid_at) ?? payment.paid_at}</time>
                </th>
                <td className="cs-gift-payments__number">
                  <span className="cs-gift-payments__amount">{formatCurrency(payment.amount, payment.currency)}</span>
                  {payment.status === 'refunded' ? <Badge tone="grey">{GIFT_PAYMENTS_TEXT.refunded}</Badge> : null}
                </td>
                <td>{payment.is_renewal ? GIFT_PAYMENTS_TEXT.renewal : GIFT_PAYMENTS_TEXT.firstPayment}</td>
                <td>
                  {payment.receipt_url ? (
                    <a className="cs-gift-payments__receipt" href={payment.receipt_url}>
                      {giftReceiptLinkText(payment.receipt_number)}
                    </a>
                  ) : (
                    <span className="cs-gift-payments__pending">{GIFT_PAYMENTS_TEXT.receiptPending}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
