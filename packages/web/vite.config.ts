import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      // our own worker (src/sw.ts): it precaches the shell AND handles push (sw/push.ts)
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // registered by src/features/pwa/api.ts, not by an injected script (strict CSP)
      injectRegister: false,
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // source maps are for debugging, never for offline use
        globIgnores: ['**/*.map'],
      },
      manifest: {
        id: '/',
        name: 'Askbox — Ask and Answer',
        short_name: 'Askbox',
        description: 'Ask and answer questions with your friends.',
        lang: 'en',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#6d4aff',
        background_color: '#f6f5fb',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000', '/healthz': 'http://localhost:3000', '/readyz': 'http://localhost:3000' },
  },
  // the manifest lets scripts/bundle-budget.mjs find what each screen loads
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // every browser the app supports preloads modules itself; with two pages (the app, visitor.html)
    // the polyfill would become a chunk of its own that every first screen downloads
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // the app, and the signed-out profile's own small page (features/visitors on the server, decision 307)
      input: { index: 'index.html', visitor: 'visitor.html' },
      // each language but English in a chunk of its own, loaded only by those who read it: left to
      // itself the bundler also puts shared helpers there, which every screen then loads
      output: { codeSplitting: { groups: [{ name: (id: string) => /[\\/]i18n[\\/](fr)\.ts$/.exec(id)?.[0] && 'catalog-fr' }] } },
    },
  },
});
