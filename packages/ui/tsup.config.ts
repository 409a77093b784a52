import { defineConfig } from 'tsup';

// JS and declarations only. The CSS is concatenated afterwards by scripts/build-css.mjs,
// because `clean` would delete a stylesheet written into dist before this step.
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  treeshake: true,
  target: 'es2022',
  external: ['react', 'react-dom', 'react/jsx-runtime'],
});
