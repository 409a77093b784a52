import { defineConfig } from 'tsup';

export default defineConfig({
  // The wire contract is a subpath of its own (docs/decisions/021-wire-contract-and-openapi.md).
  entry: { index: 'src/index.ts', 'contract/index': 'src/contract/index.ts' },
  format: ['esm'],
  // tsup's declaration build sets `baseUrl`, which TypeScript 6 reports as deprecated (TS5101).
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
  clean: true,
  target: 'es2022',
  sourcemap: true,
});
