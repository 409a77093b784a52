import { defineConfig } from 'tsup';

// One file, dist/server.js. Packages from node_modules stay external (PGlite and sharp ship wasm, data and
// native files that must be loaded from their own folders), except @charity/domain: it is bundled from its
// TypeScript source ('development' condition), so the API runs without the domain package being built.
// Migrations are not copied: src/paths.ts finds ../drizzle relative to the running file, which from
// dist/server.js is apps/api/drizzle.
export default defineConfig({
  entry: { server: 'src/server.ts' },
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
