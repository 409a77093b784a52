import { DEMO_ORGANISATION_SETTINGS, type OrganisationSettings, type OrganisationSettingsVersion } from '@charity/domain';
import { desc } from 'drizzle-orm';
import type { Database } from '../db/open.js';
import { organisationSettings } from '../db/schema.js';

// The organisation's legal and tax details (docs/decisions/026-organisation-settings.md): an append-only table of
// versions, the newest in force. Receipts, notes, statements and Form 10BD read them through this module only.

type Row = typeof organisationSettings.$inferSelect;
/** The database, or a transaction on it (a refund's note reads the settings inside the refund's transaction). */
type Reader = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** The demonstration values as version 0: what a database nobody has seeded or saved settings in answers. */
export const UNSAVED_DEMO_SETTINGS: OrganisationSettingsVersion = Object.freeze({
  version: 0,
  settings: DEMO_ORGANISATION_SETTINGS,
  is_demo: true,
  created_at: new Date(0).toISOString(),
  created_by: null,
});

/** A stored version as the API and the documents use it; no row (nothing saved) is the demonstration values. */
export function versionJson(row: Row | null | undefined): OrganisationSettingsVersion {
  if (!row) return UNSAVED_DEMO_SETTINGS;
  return {
    version: row.id,
    settings: row.settings,
    is_demo: row.isDemo,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
  };
}

/**
 * The settings in force: the newest saved version, or (a database nobody has seeded or saved settings in) the
 * demonstration values as version 0, marked is_demo, so nothing ever prints them as real.
 */
export async function currentOrganisationSettings(db: Reader): Promise<OrganisationSettingsVersion> {
  const [row] = await db.select().from(organisationSettings).orderBy(desc(organisationSettings.id)).limit(1);
  return versionJson(row);
}

/** Every saved version, newest first (the settings screen's history). */
export async function organisationSettingsHistory(db: Database, limit = 50): Promise<OrganisationSettingsVersion[]> {
  const rows = await db.select().from(organisationSettings).orderBy(desc(organisationSettings.id)).limit(limit);
  return rows.map(versionJson);
}

/** Saves a new version (never updates one). The caller has normalised and validated `settings`. */
export async function saveOrganisationSettings(
  db: Database,
  settings: OrganisationSettings,
  options: { createdBy: string | null; isDemo?: boolean },
): Promise<OrganisationSettingsVersion> {
  const [row] = await db
    .insert(organisationSettings)
    .values({ settings, isDemo: options.isDemo ?? false, createdBy: options.createdBy })
    .returning();
  return versionJson(row!);
}

/**
 * The seed's part (db/seed.ts): the demonstration values as the first version, marked is_demo, when no version was
 * ever saved. Idempotent: a database with any version (demo or staff's) is left as it is. The seed runs under the
 * start-up lock, so two starts never both find the table empty. Answers whether it saved them.
 */
export async function seedDemoOrganisationSettings(db: Database): Promise<boolean> {
  const [any] = await db.select({ id: organisationSettings.id }).from(organisationSettings).limit(1);
  if (any) return false;
  await saveOrganisationSettings(db, DEMO_ORGANISATION_SETTINGS, { createdBy: null, isDemo: true });
  return true;
}
