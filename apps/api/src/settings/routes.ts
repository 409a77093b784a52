import {
  normaliseOrganisationSettings,
  organisationDay,
  ORGANISATION_SETTINGS_MESSAGES,
  validateOrganisationSettings,
  type OrganisationSettings,
  type OrganisationSettingsField,
} from '@charity/domain';
import { errorReplies, Ok, OkWithMessage, OrganisationSettingsBody, OrganisationSettingsReply } from '@charity/domain/contract';
import type { FastifyInstance } from 'fastify';
import { noStore } from '../admin/admin-routes.js';
import { formError } from '../http-errors.js';
import { currentOrganisationSettings, organisationSettingsHistory, saveOrganisationSettings } from './repository.js';

// The organisation's legal and tax details (docs/decisions/026-organisation-settings.md), kept by staff on
// /admin/settings: read them with their history, and save a new version. Saving never changes a version: receipts
// and notes already issued keep the details they froze.

/** The fields of the form, flattened ('address.city'), each with its value: what changed between two versions. */
function fieldValues(settings: OrganisationSettings): Array<[OrganisationSettingsField, string | null]> {
  const { address, ...rest } = settings;
  return [
    ...Object.entries(rest).map(([key, value]) => [key as OrganisationSettingsField, value] as [OrganisationSettingsField, string | null]),
    ...Object.entries(address).map(([key, value]) => [`address.${key}` as OrganisationSettingsField, value] as [OrganisationSettingsField, string]),
  ];
}

/** The fields whose values differ (both sides normalised, so spacing and case never count as a change). */
export function changedFields(before: OrganisationSettings, after: OrganisationSettings): OrganisationSettingsField[] {
  const old = new Map(fieldValues(normaliseOrganisationSettings(before)));
  return fieldValues(normaliseOrganisationSettings(after))
    .filter(([field, value]) => old.get(field) !== value)
    .map(([field]) => field);
}

export async function organisationSettingsRoutes(app: FastifyInstance) {
  noStore(app);

  const reply = async () => ({ current: await currentOrganisationSettings(app.db), history: await organisationSettingsHistory(app.db) });

  app.get(
    '/admin/settings/organisation',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: "The organisation's legal and tax details in force, and every saved version (newest first)",
        response: { 200: Ok(OrganisationSettingsReply), ...errorReplies(401, 403) },
      },
    },
    async () => ({ success: true, data: await reply() }),
  );

  app.put<{ Body: OrganisationSettingsBody }>(
    '/admin/settings/organisation',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: "Save the organisation's legal and tax details as a new version (receipts issued from now on use it)",
        body: OrganisationSettingsBody,
        response: { 200: OkWithMessage(OrganisationSettingsReply), ...errorReplies(401, 403) },
      },
    },
    async (request) => {
      const settings = normaliseOrganisationSettings(request.body);
      const errors = validateOrganisationSettings(settings, organisationDay(new Date()));
      if (Object.keys(errors).length > 0) throw formError(errors);

      const current = await currentOrganisationSettings(app.db);
      const changed = changedFields(current.settings, settings);
      // Demonstration values are saved again as staff's own even when identical: saving is staff saying they are real.
      if (!current.is_demo && changed.length === 0) {
        return { success: true, message: ORGANISATION_SETTINGS_MESSAGES.unchanged, data: await reply() };
      }
      const username = request.auth?.user.username ?? 'staff';
      const saved = await saveOrganisationSettings(app.db, settings, { createdBy: username });
      // Which fields changed, never their values: the log is no place for the organisation's tax numbers either.
      request.log.info({ admin: username, version: saved.version, replacedDemo: current.is_demo, changed }, 'organisation settings saved');
      return { success: true, message: ORGANISATION_SETTINGS_MESSAGES.saved, data: await reply() };
    },
  );
}
