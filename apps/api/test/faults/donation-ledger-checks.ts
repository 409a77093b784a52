import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { campaigns, donations, paymentAttempts, receipts, sandboxPaymentIntents } from '../../src/db/schema.js';
import type { DatabaseHandle } from '../../src/db/open.js';
import { formatReceiptNumber } from '../../src/receipts/receipt-number.js';
import type { LedgerEntry } from './donor-client.js';

export interface DonationRunResult {
  ledger: LedgerEntry[];
  /** The campaign every donation went to, with its figures before the run. */
  campaign: { id: number; raised: number; count: number };
}

/**
 * What a database must hold after donation load with crashes (crash-safety.test.ts) or across replicas
 * (replicas.test.ts), checked against what the donors were told: every acknowledged donation exactly once, a
 * donation for every succeeded payment and none without one, receipts numbered without gap or repeat in each
 * financial year and one per completed donation, and the campaign's totals equal to its donations.
 */
export async function checkDonationLedger(handle: DatabaseHandle, result: DonationRunResult) {
  const { db } = handle;
  const rows = await db
    .select({
      id: donations.id,
      intentId: donations.paymentIntentId,
      campaignId: donations.campaignId,
      amountInr: donations.amountInr,
      receiptNumber: donations.receiptNumber,
      status: donations.status,
    })
    .from(donations);
  const byIntent = new Map<string, typeof rows>();
  for (const row of rows) byIntent.set(row.intentId ?? '', [...(byIntent.get(row.intentId ?? '') ?? []), row]);

  // Every donation a browser was told was saved: present exactly once, with the id it was told.
  const acknowledged = result.ledger.filter((entry) => entry.donationId !== null);
  expect(acknowledged.length, 'no donation was acknowledged at all: the load never got going').toBeGreaterThan(0);
  const lost = acknowledged.filter((entry) => byIntent.get(entry.intentId)?.length !== 1 || byIntent.get(entry.intentId)![0]!.id !== entry.donationId);
  expect(lost, 'acknowledged donations missing, duplicated or renumbered').toEqual([]);

  // Every payment that succeeded has its donation, once: those the donor saw succeed, and those the sandbox recorded
  // as succeeded whose answer never reached anyone.
  const paidWithoutDonation = result.ledger.filter((entry) => entry.paid && byIntent.get(entry.intentId)?.length !== 1);
  expect(paidWithoutDonation, 'payments the donor saw succeed without exactly one donation').toEqual([]);
  const succeeded = await db
    .select({ id: sandboxPaymentIntents.id })
    .from(sandboxPaymentIntents)
    .innerJoin(paymentAttempts, eq(paymentAttempts.paymentIntentId, sandboxPaymentIntents.id))
    .where(eq(sandboxPaymentIntents.status, 'succeeded'));
  const orphans = succeeded.filter((intent) => byIntent.get(intent.id)?.length !== 1).map((intent) => intent.id);
  expect(orphans, 'succeeded payments left without exactly one donation after the re-delivery').toEqual([]);
  expect(rows).toHaveLength(succeeded.length); // and no donation without a succeeded payment

  // Receipts: numbered 1, 2, 3 … in each financial year without gap or repeat, each on its donation.
  const issued = await db.select({ number: receipts.number, year: receipts.financialYear, sequence: receipts.sequence, donationId: receipts.donationId }).from(receipts);
  const years = new Map<string, number[]>();
  for (const receipt of issued) years.set(receipt.year, [...(years.get(receipt.year) ?? []), receipt.sequence]);
  for (const [year, sequences] of years) {
    expect(sequences.sort((a, b) => a - b), `receipt numbers of ${year}`).toEqual(sequences.map((_, i) => i + 1));
  }
  const donationById = new Map(rows.map((row) => [row.id, row]));
  for (const receipt of issued) {
    expect(receipt.number).toBe(formatReceiptNumber(receipt.year, receipt.sequence));
    expect(donationById.get(receipt.donationId)?.receiptNumber, `donation ${receipt.donationId}'s receipt number`).toBe(receipt.number);
  }
  const receiptByDonation = new Map(issued.map((receipt) => [receipt.donationId, receipt.number]));
  // Every completed donation has its receipt (one at most: receipts.donation_id is unique, and issued has no repeat).
  expect(new Set(issued.map((receipt) => receipt.donationId)).size).toBe(issued.length);
  const withoutReceipt = rows.filter((row) => row.status === 'completed' && !receiptByDonation.has(row.id)).map((row) => row.id);
  expect(withoutReceipt, 'completed donations without a receipt after the last start-up').toEqual([]);
  const wrongReceipts = result.ledger.filter((entry) => entry.receiptNumber !== null && receiptByDonation.get(entry.donationId!) !== entry.receiptNumber);
  expect(wrongReceipts, 'receipts a donor was given that are not their donation’s').toEqual([]);

  // The campaign's totals moved with its donations, never without them (one transaction).
  const inCampaign = rows.filter((row) => row.campaignId === result.campaign.id);
  const [campaign] = await db.select({ raised: campaigns.raisedAmount, count: campaigns.donationCount }).from(campaigns).where(eq(campaigns.id, result.campaign.id));
  expect(campaign!.count).toBe(result.campaign.count + inCampaign.length);
  expect(campaign!.raised).toBeCloseTo(result.campaign.raised + inCampaign.reduce((sum, row) => sum + row.amountInr, 0), 2);

  return {
    donations: rows.length,
    receipts: issued.length,
    acknowledged: acknowledged.length,
    paid: result.ledger.filter((entry) => entry.paid).length,
  };
}

