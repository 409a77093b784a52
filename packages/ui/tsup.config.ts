import { defineConfig } from 'tsup';

// JS and declarations only. The CSS is concatenated afterwards by scripts/build-css.mjs,
// because `clean` would delete a stylesheet written into dist before this step.
//
// Every component file is its own entry (the admin ones sit a folder deeper, one per screen area) and shared code
// goes into chunks (splitting), so dist/index.js only re-exports: an app's bundler can then put each component in
// the chunk of the lazy route that uses it.
// One bundled file would drag every component a lazy page uses into the app's first-load chunk.
export default defineConfig({
  entry: ['src/index.ts', 'src/components/*.tsx', 'src/*/*.tsx', 'src/admin/*/*.tsx', '!src/**/*.test.tsx', '!src/**/*.stories.tsx'],
  format: ['esm'],
  splitting: true,
  // @charity/domain is private and bundled into the JS (a devDependency), so its types are inlined too (`resolve`):
  // a .d.ts importing '@charity/domain' would leave an installed package's types unresolved.
  dts: { entry: 'src/index.ts', resolve: ['@charity/domain'], compilerOptions: { ignoreDeprecations: '6.0' } },
  clean: true,
  sourcemap: true,
  treeshake: true,
  target: 'es2022',
  external: ['react', 'react-dom', 'react/jsx-runtime'],
});
