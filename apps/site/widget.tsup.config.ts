import { defineConfig } from 'tsup';

// widget.js for partner pages (src/widget/widget.ts): one minified ES2017 IIFE with no dependencies, written into the
// built site (dist/widget.js) after `vite build`, which empties dist first. The API serves it at /widget.js.
export default defineConfig({
  entry: { widget: 'src/widget/widget.ts' },
  outDir: 'dist',
  format: ['iife'],
  outExtension: () => ({ js: '.js' }),
  platform: 'browser',
  target: 'es2017',
  minify: true,
  sourcemap: false,
  dts: false,
  splitting: false,
  // Never clean: dist holds the site vite just built.
  clean: false,
});
