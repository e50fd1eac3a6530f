/**
 * `npm run size`: the web app's JavaScript budget (decision 147), checked on the built
 * app (run `npm run build` first). For each first screen, the JavaScript a visit downloads before
 * the screen can show — the entry chunk, the screen's chunk and everything they import statically —
 * compressed with brotli as the server sends it. Fails (exit 1) when a budget is passed.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/web/dist');
const budgets = [
  // 121 KB since the router runs in declarative mode (decision 147)
  // 132.5 with answers' content warnings and pictures, motion and the instance's text limit (decision 147)
  // 130 again since the install sheet and the service worker's updater load after the first screen (decision 147)
  { route: '/home', screen: 'src/screens/Home/HomeScreen.tsx', maxKb: 130 },
  { route: '/onboarding', screen: 'src/screens/Onboarding/OnboardingScreen.tsx', maxKb: 122 },
  // the profile carries its header, follow and ask box chunks on top of /home's shell (decision 147);
  // 141 with the operator's and moderators' features (the later texts load apart since: decision 147)
  // 142.5 with the ask box's 'Need inspiration?' button (its ideas load on the first click: decision 312)
  // 140.5 since the install sheet and the service worker's updater load after the first screen
  { route: '/u/:username', screen: 'src/screens/PublicProfile/PublicProfileScreen.tsx', maxKb: 140.5 },
  // signed out (a shared answer's link): 'Authentication Required', a chunk of its own beside the app's frame
  { route: '/u/:username (signed out)', screen: 'src/screens/PublicProfile/SignedOutProfileScreen.tsx', maxKb: 120 },
  // signed out, a public profile and its answers' links: a page of its own (visitor.html), none of the
  // app's code; the proof-of-work solver loads once a visitor comes to the ask box (decision 307)
  { route: '/u/:username (signed out, public profile)', entry: 'visitor.html', maxKb: 60 },
];

const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`No ${path.relative(process.cwd(), manifestFile)}: run "npm run build" first.`);
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
// the app's own entry (visitor.html is the other one)
const entryKey = 'index.html';

/** A chunk and everything it imports statically (what the browser must fetch before running it). */
function closure(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}

const brotliKb = (file) =>
  zlib.brotliCompressSync(fs.readFileSync(path.join(dist, file)), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length / 1024;

let failed = false;
for (const budget of budgets) {
  const keys = budget.entry ? closure(budget.entry) : new Set([...closure(entryKey), ...closure(budget.screen)]);
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const kb = files.reduce((sum, file) => sum + brotliKb(file), 0);
  const ok = kb <= budget.maxKb;
  failed ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${budget.route.padEnd(14)} ${kb.toFixed(1)} KB of JavaScript (brotli) in ${files.length} files, budget ${budget.maxKb} KB`,
  );
}
if (failed) {
  console.error('A first screen passes its JavaScript budget: split the code it does not need (see decision 147, docs/decisions/web-app.md).');
  process.exit(1);
}
