import { ORGANISATION_SETTINGS_MESSAGES } from '@charity/domain';
import { describe, expect, it } from 'vitest';
import { SAVED_SETTINGS } from '../receipts/fixtures.js';
import { receiptOrganisationFromSettings } from '../receipts/receipt-text.js';
import { pdfPageTexts } from '../../test/support/pdf-text.js';
import { renderNotePdf } from './note-pdf.js';
import { noteFacts, noteMail, type NoteDetails } from './note-text.js';

// What a refund's note says of the organisation (docs/decisions/026-organisation-settings.md): with the settings
// frozen at issue, its PAN, 12A and 80G numbers, signatory and footer (and the demonstration notice for made-up
// details); a note issued before the settings existed is drawn as it was.

const { taxApprovals: _approvals, legalName: _legalName, ...settingsOrganisation } = receiptOrganisationFromSettings(SAVED_SETTINGS);

function note(organisation: NoteDetails['organisation']): NoteDetails {
  return {
    number: 'BBF/CN/2026-27/000001',
    kind: 'credit',
    issuedAt: '2026-06-01T06:00:00.000Z',
    receiptNumber: 'BBF/2026-27/000010',
    donation: { id: 10, createdAt: '2026-05-30T06:00:00.000Z', amountMinor: 150_000, currency: 'INR', campaignTitle: null, paymentIntentId: 'pi_sbx_1' },
    refund: { id: 1, amountMinor: 50_000, refundedMinor: 50_000, remainingMinor: 100_000 },
    donor: { name: 'Asha Verma', email: 'asha.verma@example.org', addressLines: ['12, 100 Feet Road, Indiranagar', 'Bengaluru, Karnataka, 560038', 'India'] },
    organisation,
  };
}

const LEGACY: NoteDetails['organisation'] = {
  name: 'Bright Beginnings Foundation',
  address: '42, 2nd Cross, 5th Main Road, Indiranagar 1st Stage, Bengaluru, Karnataka 560038, India',
  email: 'contact@brightbeginnings.org.in',
  phone: '+91 80 4123 5678',
  registration: 'Registration No. 602 of 2019',
};

const text = async (details: NoteDetails) => pdfPageTexts(await renderNotePdf(details, { compress: false })).join('\n').replace(/\s+/g, ' ');

describe('refund notes and the organisation settings', () => {
  it('states the PAN, 12A and 80G numbers, the signatory and the footer frozen at issue', async () => {
    const facts = noteFacts(note(settingsOrganisation));
    expect(facts.headerLines).toEqual([
      '42, 2nd Cross, 5th Main Road, Indiranagar 1st Stage, Bengaluru, Karnataka 560038, India',
      'Email: contact@brightbeginnings.org.in   Phone: +91 80 4123 5678',
      'Registration No. 602 of 2019   PAN: AABTB1234C   12A registration: AABTB1234CE20214',
      '80G approval (URN): AABTB1234CF20214 dated 28 March 2022',
    ]);
    expect(facts).toMatchObject({ signatory: { name: 'Anita Rao', title: 'Managing Trustee' }, footer: SAVED_SETTINGS.settings.receipt_footer, demoNotice: null });
    const pdf = await text(note(settingsOrganisation));
    expect(pdf).toContain('Registration No. 602 of 2019 PAN: AABTB1234C 12A registration: AABTB1234CE20214 80G approval (URN): AABTB1234CF20214 dated 28 March 2022 CREDIT NOTE');
    expect(pdf).toContain(`Authorised signatory Anita Rao Managing Trustee This is a computer-generated note and needs no signature. ${SAVED_SETTINGS.settings.receipt_footer}`);
    const mail = noteMail(note(settingsOrganisation));
    expect(mail.text.endsWith(`Authorised signatory\nAnita Rao\nManaging Trustee\nBright Beginnings Foundation\ncontact@brightbeginnings.org.in\n\n${SAVED_SETTINGS.settings.receipt_footer}`)).toBe(true);
  });

  it('marks a note drawn from the demonstration values', async () => {
    const demo = note({ ...settingsOrganisation, isDemo: true });
    expect(noteFacts(demo).demoNotice).toBe(ORGANISATION_SETTINGS_MESSAGES.demoDocument);
    expect(await text(demo)).toContain(`CREDIT NOTE ${ORGANISATION_SETTINGS_MESSAGES.demoDocument} Issued to`);
    expect(noteMail(demo).text.endsWith(`\n${ORGANISATION_SETTINGS_MESSAGES.demoDocument}`)).toBe(true);
  });

  it('draws a note issued before the settings as it was', async () => {
    const facts = noteFacts(note(LEGACY));
    expect(facts.headerLines).toEqual([LEGACY.address, 'Email: contact@brightbeginnings.org.in   Phone: +91 80 4123 5678', 'Registration No. 602 of 2019']);
    expect(facts).toMatchObject({ signatory: null, footer: '', demoNotice: null });
    const pdf = await text(note(LEGACY));
    expect(pdf).toContain('Phone: +91 80 4123 5678 Registration No. 602 of 2019 CREDIT NOTE');
    expect(pdf).not.toContain('PAN');
    expect(pdf).not.toContain('Authorised signatory');
    expect(noteMail(note(LEGACY)).text.endsWith('\n\nBright Beginnings Foundation\ncontact@brightbeginnings.org.in')).toBe(true);
  });
});
