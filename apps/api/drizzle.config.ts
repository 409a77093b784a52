import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w apps/api` writes a new SQL migration into drizzle/ after a change to the schema.
// The server applies them at start with drizzle's migrator for whichever driver is active.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
