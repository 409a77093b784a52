import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes a .br and a .gz beside every text asset of the build, once, at the highest levels (too slow per request):
 * the API's static handler (apps/api/src/plugins/site.ts, preCompressed) sends whichever the browser accepts. On a
 * phone's connection the JavaScript and CSS are most of the first load, and text shrinks 3 to 6 times.
 */
function precompress(): Plugin {
  return {
    name: 'charity:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!/\.(js|css|svg|json|txt)$/.test(fileName) || fileName.startsWith('.vite/')) continue;
        const source = output.type === 'chunk' ? output.code : output.source;
        // Two calls because Buffer.from has one overload per kind of source.
        const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        // Under 1 kB a compressed copy saves less than a packet; the plain file is sent.
        if (bytes.length < 1024) continue;
        const file = path.join(dir, fileName);
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

// In development the API runs as its own process; the proxy keeps the browser on one origin,
// exactly as in production where one server serves the built site, /api and /uploads.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

// `isSsrBuild`: scripts/prerender.mjs builds src/prerender.tsx for Node with this same configuration (aliases, JSX),
// so the prerendered HTML comes from the very code the browser runs. That bundle is only run at build time: nothing
// of it is served, so it needs no compressed copies.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...(isSsrBuild ? [] : [precompress()])],
  resolve: {
    // The domain's sources, not its one-file dist: Rollup then keeps only the rules each chunk uses, so a rule
    // needed by one admin page no longer rides in every visitor's first download (decision 001, amended).
    // The UI library's sources likewise: its dist bundles the whole domain into one chunk every component imports
    // (it must, for partners who install it alone), which would put every admin screen's messages in the first
    // download. The site still loads the built stylesheet (@charity/ui/styles.css); pack-test checks the dist.
    alias: [
      { find: /^@charity\/domain$/, replacement: fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url)) },
      { find: /^@charity\/ui$/, replacement: fileURLToPath(new URL('../../packages/ui/src/index.ts', import.meta.url)) },
    ],
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The built site is served publicly; no source maps until an error reporter needs them.
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each page loads, read by scripts/bundle-budget.mjs and bench/web.mjs to
    // budget every route's first download. A dot-directory, so the static handler never serves it.
    manifest: true,
    rolldownOptions: {
      // Two pages: the site, and the light donate page partners frame through widget.js (only the wizard; the API
      // serves it at /embed/donate). Shared chunks (React, the UI library) are cached across both.
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        embed: fileURLToPath(new URL('embed.html', import.meta.url)),
        // The prerendered pages' first script (src/boot/boot.ts): holds early clicks, starts the site after the first
        // paint. Imported by nothing else, so it stays one small chunk; scripts/prerender.mjs puts it in the pages.
        boot: fileURLToPath(new URL('src/boot/boot.ts', import.meta.url)),
      },
    },
  },
}));
