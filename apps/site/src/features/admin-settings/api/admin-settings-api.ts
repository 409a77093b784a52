import type { KyInstance } from 'ky';
import type { OrganisationSettings, OrganisationSettingsErrors, OrganisationSettingsField, OrganisationSettingsVersion } from '@charity/domain';
import type { OrganisationSettingsReply } from '@charity/domain/contract';
import { ApiError } from '../../../lib/api/errors';
import { isRecord, replyData } from '../../../lib/api/replies';

// The organisation settings calls (docs/decisions/026-organisation-settings.md): GET and PUT
// /api/admin/settings/organisation. Both silent for the global toast: the page shows its own (the server's sentence on
// a save, the form's alert on a refusal). The bearer token is added by the client.

const PATH = 'admin/settings/organisation';

/** Every field a 400 may name (a Record, so a field added to the domain's type must be added here too). */
const FIELDS: Record<OrganisationSettingsField, true> = {
  legal_name: true,
  'address.line1': true,
  'address.line2': true,
  'address.city': true,
  'address.state': true,
  'address.pincode': true,
  'address.country': true,
  pan: true,
  registration_number: true,
  registration_date: true,
  twelve_a_number: true,
  twelve_a_date: true,
  eighty_g_number: true,
  eighty_g_date: true,
  eighty_g_valid_from: true,
  eighty_g_valid_until: true,
  signatory_name: true,
  signatory_title: true,
  receipt_footer: true,
};

const isField = (key: string): key is OrganisationSettingsField => Object.hasOwn(FIELDS, key);

/** Enough of a version to show and edit it: a half-understood reply is never shown. */
function isVersion(value: unknown): value is OrganisationSettingsVersion {
  return (
    isRecord(value) &&
    Number.isInteger(value.version) &&
    typeof value.is_demo === 'boolean' &&
    typeof value.created_at === 'string' &&
    (value.created_by === null || typeof value.created_by === 'string') &&
    isRecord(value.settings) &&
    isRecord(value.settings.address) &&
    typeof value.settings.pan === 'string'
  );
}

/** `data.current` and `data.history` of GET or PUT /api/admin/settings/organisation; throws when there is no current version. */
export function parseSettingsReply(body: unknown): OrganisationSettingsReply {
  const data = replyData(body, 'organisation settings');
  if (!isVersion(data.current)) throw new TypeError('The organisation settings reply has no current version');
  const history = Array.isArray(data.history) ? data.history.filter(isVersion) : [];
  return { current: data.current, history };
}

/** GET /api/admin/settings/organisation: the version in force and the saved versions, newest first. */
export async function fetchOrganisationSettings(client: KyInstance, signal?: AbortSignal): Promise<OrganisationSettingsReply> {
  return parseSettingsReply(await client.get(PATH, { signal, context: { silent: true } }).json<unknown>());
}

export interface SavedSettings extends OrganisationSettingsReply {
  /** The server's sentence: ORGANISATION_SETTINGS_MESSAGES.saved, or .unchanged when nothing changed. */
  message: string | null;
}

/** PUT /api/admin/settings/organisation with the whole form: a new version, unless nothing changed. */
export async function putOrganisationSettings(client: KyInstance, settings: OrganisationSettings): Promise<SavedSettings> {
  const body = await client.put(PATH, { json: settings, context: { silent: true } }).json<unknown>();
  const message = isRecord(body) && typeof body.message === 'string' && body.message.trim() !== '' ? body.message.trim() : null;
  return { ...parseSettingsReply(body), message };
}

/** The per-field messages of a refused save (a 400's `errors`): known fields with text only. */
export function settingsFieldErrors(error: unknown): OrganisationSettingsErrors {
  if (!(error instanceof ApiError) || error.status !== 400 || !isRecord(error.data) || !isRecord(error.data.errors)) return {};
  const found: OrganisationSettingsErrors = {};
  for (const [key, value] of Object.entries(error.data.errors)) {
    if (isField(key) && typeof value === 'string' && value.trim() !== '') found[key] = value.trim();
  }
  return found;
}
