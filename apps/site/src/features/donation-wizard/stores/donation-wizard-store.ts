import { createDonationController } from '@charity/ui';

/**
 * The site's one wizard, the headless donation container of @charity/ui (its rules and their tests live there).
 * Module-level on purpose: a donor who opens another page and comes back finds the wizard where they left it, and
 * the reset after a success still happens if they left the page meanwhile.
 */
export const donationWizardStore = createDonationController();
