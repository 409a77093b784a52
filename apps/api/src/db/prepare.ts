import { bootstrapAdmin, type Announce, type BootstrapResult } from '../auth/bootstrap.js';
import type { Config } from '../config.js';
import { migrateDatabase, withStartupLock } from './migrate.js';
import type { DatabaseHandle } from './open.js';
import { seedDatabase, type SeedResult } from './seed.js';
import { upgradeEventImages } from './upgrade-images.js';
import { openStorage } from '../storage/open-storage.js';

/**
 * Everything a database needs before the server answers requests: migrations, seed content for empty
 * tables, event photos from before photos had sizes brought up to date, and a first admin account. Done under the start-up lock, so replicas starting together on one
 * PostgreSQL server do it once, one after the other.
 */
export async function prepareDatabase(
  database: DatabaseHandle,
  config: Pick<Config, 'uploadsDir' | 'dataDir' | 'admin' | 'publicBaseUrl'> & Partial<Pick<Config, 'storage'>>,
  announce?: Announce,
): Promise<{ seeded: SeedResult; admin: BootstrapResult }> {
  // The seed's pictures go where the server will look for them: DATA_DIR, or the bucket (decision 039).
  const storages = await openStorage(config);
  try {
    return await withStartupLock(database, async () => {
      await migrateDatabase(database);
      const seeded = await seedDatabase(database.db, storages.files);
      await upgradeEventImages(database.db, storages.files);
      const admin = await bootstrapAdmin(database.db, config, announce);
      return { seeded, admin };
    });
  } finally {
    storages.close();
  }
}
