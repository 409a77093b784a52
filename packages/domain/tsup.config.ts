import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  // tsup's declaration build sets `baseUrl`, which TypeScript 6 reports as deprecated (TS5101).
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
  clean: true,
  target: 'es2022',
  sourcemap: true,
});
