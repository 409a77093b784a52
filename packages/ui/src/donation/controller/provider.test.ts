import { describe, expect, it, vi } from 'vitest';
import type { PaymentsConfig } from '@charity/domain';
import { isSandboxStripe } from '../../payment-sandbox/stripe';
import { PaymentSetupError, loadPaymentProvider, loadPaymentsConfig, paymentSetupMessage } from './provider';
import type { DonationTransport } from './transport';

/** A transport whose config replies are given in turn; the payment calls are not used here. */
function fakeTransport(apiBase: string, replies: (PaymentsConfig | Error)[]): DonationTransport & { configCalls: number } {
  const transport = {
    apiBase,
    configCalls: 0,
    paymentsConfig: vi.fn(async () => {
      transport.configCalls += 1;
      const reply = replies.shift() ?? new Error('no reply');
      if (reply instanceof Error) throw reply;
      return reply;
    }),
    setupErrorMessage: (error: unknown) => `transport: ${error instanceof Error ? error.message : 'unknown'}`,
    createIntent: vi.fn(),
    saveAfterPayment: vi.fn(),
    requestReceipt: vi.fn(),
  };
  return transport;
}

describe('loadPaymentProvider', () => {
  it('loads the sandbox once per API base and forgets a failed load', async () => {
    const transport = fakeTransport('https://one.example/api', [new Error('Payments are not configured'), { mode: 'sandbox', publishableKey: null }]);
    await expect(loadPaymentProvider(transport)).rejects.toThrow('Payments are not configured');
    const first = await loadPaymentProvider(transport);
    expect(first.testMode).toBe(true);
    expect(isSandboxStripe(first.stripe)).toBe(true);
    await expect(loadPaymentProvider(transport)).resolves.toBe(first);
    expect(transport.configCalls).toBe(2);

    // Another base is another server: its own provider.
    const other = fakeTransport('https://two.example/api', [{ mode: 'sandbox', publishableKey: null }]);
    await expect(loadPaymentProvider(other)).resolves.not.toBe(first);
  });

  it("reads the config once per API base for step 1's ceiling and the provider alike, and forgets a failed read", async () => {
    const transport = fakeTransport('https://four.example/api', [new Error('offline'), { mode: 'sandbox', publishableKey: null, maxAmount: 250_000 }]);
    await expect(loadPaymentsConfig(transport)).rejects.toThrow('offline');
    await expect(loadPaymentsConfig(transport)).resolves.toEqual({ mode: 'sandbox', publishableKey: null, maxAmount: 250_000 });
    const provider = await loadPaymentProvider(transport);
    expect(provider.testMode).toBe(true);
    await loadPaymentsConfig(transport);
    expect(transport.configCalls).toBe(2);
  });

  it("the message: the transport's for its own failures, the network one when Stripe.js did not load", () => {
    const transport = fakeTransport('https://three.example/api', []);
    expect(paymentSetupMessage(transport, new Error('Payments are not configured'))).toBe('transport: Payments are not configured');
    expect(paymentSetupMessage(transport, new PaymentSetupError('Network error. Please check your internet connection.'))).toBe(
      'Network error. Please check your internet connection.',
    );
  });
});
