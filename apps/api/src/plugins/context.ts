import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Database, DatabaseHandle } from '../db/open.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The drizzle instance: the same query API on PGlite and PostgreSQL. */
    db: Database;
    /** Which driver is active, and its raw client (health checks, start-up work). */
    database: DatabaseHandle;
  }
}

/** Makes the validated configuration and the open database available to every route. */
export const contextPlugin = fp<{ config: Config; database: DatabaseHandle }>(
  async (app, { config, database }) => {
    app.decorate('config', config);
    app.decorate<DatabaseHandle>('database', database);
    app.decorate('db', database.db);
  },
  { name: 'context' },
);
