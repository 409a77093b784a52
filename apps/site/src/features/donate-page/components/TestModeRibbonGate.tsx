import { TestModeRibbon } from '@charity/ui';
import { usePaymentsMode } from '../hooks/use-payments-mode';

/**
 * The 'Test mode' ribbon, shown only while the server says payments run against the local sandbox. Hidden in
 * stripe mode, while the answer is on its way, and when it cannot be read: a real deployment must never show
 * it by mistake, and a donor must never see an error about it.
 */
export default function TestModeRibbonGate() {
  return usePaymentsMode() === 'sandbox' ? <TestModeRibbon /> : null;
}
