/**
 * docs/architecture.md names the code a newcomer reads first: every name it puts in backticks that
 * looks like a file, a folder or an identifier must exist, and its list of domain events must be the
 * whole `DomainEvent` union. A rename that forgets the doc fails here instead of misleading a reader.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const doc = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
const named = [...new Set([...doc.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!.trim()))];

const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-previous', 'test-results', 'playwright-report', 'lighthouse-report']);

/** Every file and folder of the repository, relative to its root. */
function* tree(dir = ''): Generator<{ path: string; folder: boolean }> {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name) || (entry.name.startsWith('.') && entry.name !== '.ci')) continue;
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    yield { path: relative, folder: entry.isDirectory() };
    if (entry.isDirectory()) yield* tree(relative);
  }
}
const entries = [...tree()];
const code = entries
  .filter((entry) => !entry.folder && /^(packages|scripts|bench|e2e|\.ci)\//.test(entry.path) && /(\.(ts|tsx|mjs|js|sql|css|html)|\/run)$/.test(entry.path))
  .map((entry) => fs.readFileSync(path.join(root, entry.path), 'utf8'))
  .join('\n');
const settings = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
const packages = entries.filter((entry) => entry.path.endsWith('package.json')).map((entry) => fs.readFileSync(path.join(root, entry.path), 'utf8'));

const isPath = (name: string) => /^[\w.@-]+(\/[\w.*<>@-]*)+$|^[\w-]+\.(ts|tsx|mjs|md|sql|json)$/.test(name);
/** Some file or folder of the repository is this path, or ends with it. */
const exists = (relative: string) => entries.some((entry) => entry.path === relative || entry.path.endsWith(`/${relative}`));

/** A path, a folder with a pattern after it (`schema/*.ts`), or a name exported from a folder (`visibility/deliveryFor`). */
function pathResolves(given: string): boolean {
  const name = given.replace(/\/$/, '');
  // the compiled server is made by the build, from the sources the doc names beside it
  if (name.startsWith('dist/')) return true;
  if (name.startsWith('@')) return packages.some((text) => text.includes(`"name": "${name}"`));
  if (/[<*]/.test(name)) return exists(name.slice(0, name.search(/\/[^/]*[<*]/)));
  if (exists(name)) return true;
  const cut = name.lastIndexOf('/');
  const folder = name.slice(0, cut);
  const symbol = name.slice(cut + 1);
  if (!/^[A-Za-z_]\w*$/.test(symbol)) return false;
  const exported = new RegExp(`export (async )?(function|const|type|interface|class) ${symbol}\\b`);
  return entries.some(
    (entry) =>
      !entry.folder &&
      (entry.path.includes(`/${folder}/`) || entry.path.startsWith(`${folder}/`)) &&
      exported.test(fs.readFileSync(path.join(root, entry.path), 'utf8')),
  );
}

describe('docs/architecture.md', () => {
  it('names files and folders that exist', () => {
    const missing = named.filter(isPath).filter((name) => !pathResolves(name));
    expect(missing).toEqual([]);
  });

  it('names identifiers, tables and settings that the code has', () => {
    const identifiers = named.filter((name) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name));
    expect(identifiers.length).toBeGreaterThan(50);
    const missing = identifiers.filter((name) => !new RegExp(`\\b${name}\\b`).test(/^[A-Z][A-Z0-9_]+$/.test(name) ? settings + code : code));
    expect(missing).toEqual([]);
  });

  it('lists every domain event', () => {
    const events = [...fs.readFileSync(path.join(root, 'packages/common/src/events.ts'), 'utf8').matchAll(/type: '(\w+)'/g)].map((match) => match[1]!);
    expect(events.length).toBeGreaterThan(10);
    expect(events.filter((event) => !named.includes(event))).toEqual([]);
  });
});
