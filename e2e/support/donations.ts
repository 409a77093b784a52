import { TEST_CARDS } from '@charity/domain';
import { expect, type APIRequestContext } from '@playwright/test';

// A donation made through the public API as the browser makes one in sandbox mode (create-intent, the sandbox's
// confirm, save-after-payment, and the receipt): for tests whose subject is what staff do with donations after.

export interface DonorOverrides {
  full_name?: string;
  email?: string;
  pan_number?: string | null;
  country?: string;
  country_code?: string;
  state?: string;
  city?: string;
  address?: string;
  pincode?: string;
}

/** An Indian donor in Kochi; `overrides` changes any of the donor's fields. */
export function donationData(options: { donor?: DonorOverrides; amount?: number; currency?: string } = {}) {
  return {
    donor: {
      full_name: 'Kavya Menon',
      email: 'kavya.menon@example.org',
      mobile: '9876543210',
      pan_number: '',
      country: 'India',
      country_code: 'IN',
      state: 'Kerala',
      city: 'Kochi',
      address: '4, Marine Drive',
      pincode: '682031',
      is_anonymous: false,
      ...options.donor,
    },
    amount: options.amount ?? 500,
    currency: options.currency ?? 'INR',
    donation_type: 'one_time',
    campaign_id: null,
    source: 'website',
  };
}

/** Pays with the sandbox's Visa, saves the donation and, unless told not to, asks for its receipt as the thank-you step does. */
export async function donateByApi(
  request: APIRequestContext,
  data: ReturnType<typeof donationData> = donationData(),
  options: { receipt?: boolean } = {},
): Promise<{ donationId: number; paymentIntentId: string; receiptNumber: string | null }> {
  const card = TEST_CARDS.visa.paymentMethod;
  const created = await request.post('/api/payments/create-intent', { data: { donation_data: data, payment_method_id: card } });
  expect(created.status(), await created.text()).toBe(200);
  const { client_secret, payment_intent_id } = ((await created.json()) as { data: { client_secret: string; payment_intent_id: string } }).data;
  const confirmed = await request.post('/api/payments/sandbox/confirm', { data: { client_secret, payment_method_id: card } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const saved = await request.post('/api/donations/save-after-payment', {
    data: { donation_data: data, payment_intent_id, payment_method_id: card, payment_status: 'completed' },
  });
  expect([200, 201], await saved.text()).toContain(saved.status());
  const donationId = ((await saved.json()) as { data: { donation: { id: number } } }).data.donation.id;
  let receiptNumber: string | null = null;
  if (options.receipt !== false) {
    const invoice = await request.post('/api/invoices/generate-and-send', { data: { donation_id: donationId, payment_intent_id } });
    expect(invoice.status(), await invoice.text()).toBe(200);
    receiptNumber = ((await invoice.json()) as { data: { invoice: { number: string } } }).data.invoice.number;
  }
  return { donationId, paymentIntentId: payment_intent_id, receiptNumber };
}
