import path from 'node:path';
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
      output: {
        codeSplitting: {
          groups: [
            { name: (id: string) => /[\\/]i18n[\\/](fr)\.ts$/.exec(id)?.[0] && 'catalog-fr' },
            // the code of the first screens that the entry does not carry, in one chunk each
            // instead of one per shared module: on a slow network each chunk costs a round trip
            // (decision 334)
            { name: firstScreenChunk, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

const source = (file: string) => path.resolve(import.meta.dirname, file);
// in this order: a module goes to the first screen here that imports it (the signed-out profile's
// few first, so a shared link's visitor never downloads the profile's screen)
const firstScreens: [string, string][] = [
  ['SignedOutProfileScreen', source('src/screens/PublicProfile/SignedOutProfileScreen.tsx')],
  ['HomeScreen', source('src/screens/Home/HomeScreen.tsx')],
  ['PublicProfileScreen', source('src/screens/PublicProfile/PublicProfileScreen.tsx')],
];
let chunkOf: Map<string, string> | null = null;

/** Which first screen's chunk a module goes to: the first screen that imports it statically, unless an entry does. */
function firstScreenChunk(id: string, graph: ModuleGraph): string | null {
  const staticClosure = (from: string, into = new Set<string>()) => {
    if (into.has(from)) return into;
    into.add(from);
    for (const child of graph.getModuleInfo(from)?.importedIds ?? []) staticClosure(child, into);
    return into;
  };
  if (!chunkOf) {
    const entries = staticClosure(source('src/main.tsx'), staticClosure(source('src/visitor/main.ts')));
    chunkOf = new Map();
    for (const [name, screen] of firstScreens) {
      for (const module of staticClosure(screen)) if (!entries.has(module) && !chunkOf.has(module)) chunkOf.set(module, name);
    }
  }
  return chunkOf.get(id) ?? null;
}
