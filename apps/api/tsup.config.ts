import { defineConfig } from 'tsup';

// Entry points: dist/server.js, dist/pdf-worker.js (the receipt renderer's thread, src/receipts/pdf-thread.ts),
// dist/cli/sandbox.js (the sandbox clock's command)
// dist/cli/admin.js (the operator's account commands), dist/cli/storage.js (copying local files into a bucket), and
// dist/cli/backup.js and dist/cli/restore.js (backups, docs/decisions/042-backups.md). Packages from node_modules stay external (PGlite and sharp ship wasm, data and
// native files that must be loaded from their own folders), except @charity/domain: it is bundled from its
// TypeScript source ('development' condition), so the API runs without the domain package being built.
// Migrations are not copied: src/paths.ts finds apps/api/drizzle relative to the running file (one or two
// levels up).
export default defineConfig({
  entry: { server: 'src/server.ts', 'pdf-worker': 'src/receipts/pdf-worker.ts', 'cli/admin': 'src/cli/admin.ts', 'cli/sandbox': 'src/cli/sandbox.ts', 'cli/storage': 'src/cli/storage.ts', 'cli/backup': 'src/cli/backup.ts', 'cli/restore': 'src/cli/restore.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  splitting: false,
  dts: false,
  noExternal: ['@charity/domain'],
  esbuildOptions(options) {
    options.conditions = ['development', 'import', 'default'];
  },
});
