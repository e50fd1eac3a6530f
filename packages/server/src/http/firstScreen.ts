import fs from 'node:fs';
import path from 'node:path';

/**
 * Which screen a page opens on, and the `<link>` tags that fetch that screen's code and styles
 * with the page itself (decision 334). Without them the screen's chunks are asked for only once
 * the app's entry has downloaded and run, a round trip later on every slow network; with them
 * they download beside the entry. The app still imports them itself (web/src/app/screens.ts):
 * a page served without hints (the service worker's copy, an old build) works the same.
 */

/** The web app's first screens, by their source path in the build's manifest. */
const screens = {
  home: 'src/screens/Home/HomeScreen.tsx',
  onboarding: 'src/screens/Onboarding/OnboardingScreen.tsx',
  profile: 'src/screens/PublicProfile/PublicProfileScreen.tsx',
  signedOutProfile: 'src/screens/PublicProfile/SignedOutProfileScreen.tsx',
} as const;
type FirstScreen = keyof typeof screens;

/**
 * The screen the app shows first at `pathname` for a browser that is (or is not) signed in, as
 * the router and its guards decide it; null where no hint is worth sending.
 */
export function firstScreenFor(pathname: string, signedIn: boolean): FirstScreen | null {
  if (/^\/u\/[^/]+(\/answers\/[^/]+)?\/?$/.test(pathname)) return signedIn ? 'profile' : 'signedOutProfile';
  if (pathname === '/home') return signedIn ? 'home' : 'onboarding';
  if (pathname === '/onboarding') return signedIn ? null : 'onboarding';
  return null;
}

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
}

/**
 * The hint tags of each first screen, read once from Vite's manifest: the screen's chunk and its
 * static imports that the entry does not already load, as modulepreloads, and their stylesheets
 * as preloads (not stylesheets: those would hold back the splash's first paint).
 */
export function loadFirstScreenHints(distDir: string): (screen: FirstScreen | null) => string {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const child of manifest[key].imports ?? []) closure(child, seen);
    return seen;
  };
  const entry = closure('index.html');
  // a screen's module that another chunk also imports is listed under its chunk's name ('_Name-hash.js'), not its source path
  const keyOf = (source: string) =>
    manifest[source]
      ? source
      : (Object.keys(manifest).find((k) => k.startsWith('_') && k.endsWith('.js') && manifest[k]!.name === path.basename(source).replace(/\.tsx?$/, '')) ??
        source);
  const tags = Object.fromEntries(
    Object.entries(screens).map(([name, source]) => {
      const chunks = [...closure(keyOf(source))].filter((k) => !entry.has(k)).map((k) => manifest[k]!);
      const scripts = chunks.map((c) => `<link rel="modulepreload" crossorigin href="/${c.file}">`);
      const styles = [...new Set(chunks.flatMap((c) => c.css ?? []))].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`);
      return [name, [...scripts, ...styles].join('\n    ')];
    }),
  ) as Record<FirstScreen, string>;
  return (screen) => (screen ? tags[screen] : '');
}
