import { defineConfig, type Options } from 'tsup';

const shared: Options = {
  format: ['esm'],
  // tsup's declaration build sets `baseUrl`, which TypeScript 6 reports as deprecated (TS5101).
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
  target: 'es2022',
  sourcemap: true,
};

// The wire contract is a subpath of its own (docs/decisions/021-wire-contract-and-openapi.md). Two builds, not
// one with two entries: one build would split the shared declarations into a hashed chunk
// (messages-XXXX.d.ts) that packages/ui's declaration bundle, which inlines @charity/domain's types, cannot follow
// (scripts/pack-test.mjs type-checks the published package and caught it).
export default defineConfig([
  { ...shared, entry: { index: 'src/index.ts' } },
  { ...shared, entry: { 'contract/index': 'src/contract/index.ts' } },
]);
