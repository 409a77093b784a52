import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API runs as its own process; the proxy keeps the browser on one origin,
// exactly as in production where one server serves the built site, /api and /uploads.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  plugins: [react()],
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
  },
});
