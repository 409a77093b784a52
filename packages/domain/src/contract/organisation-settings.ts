import { Type, type Static } from 'typebox';
import { ORGANISATION_SETTINGS_LIMITS, type OrganisationSettings, type OrganisationSettingsVersion } from '../organisation-settings';
import { Nullable } from './common';

// The organisation's legal and tax details (docs/decisions/026-organisation-settings.md):
// GET and PUT /api/admin/settings/organisation. Every save is a new version; receipts and notes freeze the version in
// force when they are issued.

/**
 * Bounds here only stop abuse (twice the domain's limits): the route normalises and checks the fields with
 * validateOrganisationSettings and answers in the domain's words, one message per field ('address.pincode', 'pan'…).
 */
const loose = (max: number, description?: string) => Type.String({ maxLength: max * 2, ...(description ? { description } : {}) });
const day = (description: string) => Nullable(Type.String({ maxLength: 40, description: `${description} 'YYYY-MM-DD', or null.` }));
const L = ORGANISATION_SETTINGS_LIMITS;

export const OrganisationAddressFields = Type.Object(
  {
    line1: loose(L.address_line),
    line2: loose(L.address_line),
    city: loose(L.city),
    state: loose(L.state),
    pincode: loose(L.pincode),
    country: loose(L.country),
  },
  { additionalProperties: false },
);

/** The whole settings form: every field, as the settings screen sends it. */
export const OrganisationSettingsBody = Type.Object(
  {
    legal_name: loose(L.legal_name, 'As registered, printed on every receipt.'),
    address: OrganisationAddressFields,
    pan: loose(10, "The organisation's own PAN, e.g. AABTB1234C."),
    registration_number: loose(L.registration_number, "As registered with the Registrar, e.g. '602 of 2019'."),
    registration_date: day('The date of registration,'),
    twelve_a_number: loose(L.urn, 'The 12A/12AB unique registration number (begins with the PAN).'),
    twelve_a_date: day('The date the 12A registration was granted,'),
    eighty_g_number: loose(L.urn, 'The 80G(5) approval URN (begins with the PAN), printed on receipts.'),
    eighty_g_date: day('The date the 80G approval was issued,'),
    eighty_g_valid_from: day('The first day the 80G approval covers,'),
    eighty_g_valid_until: day('The last day the 80G approval covers (null: no end known),'),
    signatory_name: loose(L.signatory_name),
    signatory_title: loose(L.signatory_title),
    receipt_footer: loose(L.receipt_footer, 'Printed at the foot of receipts and notes.'),
  },
  { additionalProperties: false },
);
export type OrganisationSettingsBody = Static<typeof OrganisationSettingsBody>;

/** One saved version; `is_demo` marks the seed's demonstration values (never to be taken for real ones). */
export const OrganisationSettingsVersionReply = Type.Object({
  version: Type.Integer({ description: '0: nothing saved yet (the demonstration values).' }),
  settings: Type.Object({
    ...OrganisationSettingsBody.properties,
    address: Type.Object(OrganisationAddressFields.properties),
  }),
  is_demo: Type.Boolean(),
  created_at: Type.String(),
  created_by: Nullable(Type.String()),
});

/** The settings in force and every saved version, newest first. */
export const OrganisationSettingsReply = Type.Object({
  current: OrganisationSettingsVersionReply,
  history: Type.Array(OrganisationSettingsVersionReply),
});
export type OrganisationSettingsReply = Static<typeof OrganisationSettingsReply>;

// ---- The schemas and the domain's types say the same thing (a compile error here means one of them changed) ----
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
/** Type-only: never used, it exists to be checked. */
export type OrganisationSettingsContractAgreesWithDomain = [
  Expect<Same<OrganisationSettingsBody, OrganisationSettings>>,
  Expect<Same<Static<typeof OrganisationSettingsVersionReply>, OrganisationSettingsVersion>>,
];
