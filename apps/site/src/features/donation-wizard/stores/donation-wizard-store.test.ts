import { describe, expect, it } from 'vitest';
import { donationWizardStore } from './donation-wizard-store';

// The wizard's rules are tested with the donation container (packages/ui/src/donation/controller/).
describe('donation wizard store', () => {
  it('the site has one shared store', () => {
    expect(donationWizardStore.getState().value.step).toBe(1);
  });
});
