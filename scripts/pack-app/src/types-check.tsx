// Type-checked only (tsc --noEmit): the published declarations must resolve and reject wrong props.
import type { ComponentProps } from 'react';
import { Button, DonateWidget, type DonateWidgetProps } from '@charity/ui';

export const widget: DonateWidgetProps = { apiBase: 'https://charity.example/api', campaign: null, className: 'x' };
export const amount = (props: ComponentProps<typeof DonateWidget>) =>
  props.onCompleted?.({ donationId: 1, paymentIntentId: 'pi_1', amount: 1000, currency: 'INR', campaignId: null });

// @ts-expect-error apiBase is required
export const missingBase = <DonateWidget />;
// @ts-expect-error variant is a closed set
export const badVariant = <Button variant="rainbow">x</Button>;
