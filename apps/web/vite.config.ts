import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs on 3080 and Vite proxies to it, so cookies stay same-origin.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 3090,
    proxy: {
      '/api': { target: 'http://localhost:3080', changeOrigin: false },
      '/health': { target: 'http://localhost:3080' },
    },
  },
  // The manifest maps each source module to its chunks; bench/bundle-report.ts sums a route's graph from it.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // packages/shared only declares constants and schemas, so a page keeps just the modules it
      // uses (its package.json says nothing, and the bundler would otherwise keep them all).
      treeshake: { moduleSideEffects: (id) => (id.includes('/packages/shared/src/') ? false : undefined) },
    },
  },
});
