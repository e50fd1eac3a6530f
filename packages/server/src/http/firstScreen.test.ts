import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { firstScreenFor, loadFirstScreenHints } from './firstScreen.js';

describe('first-screen hints', () => {
  it('name the screen the router shows first, for a browser signed in or not', () => {
    expect(firstScreenFor('/home', true)).toBe('home');
    expect(firstScreenFor('/home', false)).toBe('onboarding');
    expect(firstScreenFor('/onboarding', false)).toBe('onboarding');
    expect(firstScreenFor('/onboarding', true)).toBeNull();
    expect(firstScreenFor('/u/alice', true)).toBe('profile');
    expect(firstScreenFor('/u/alice/answers/0b6e', false)).toBe('signedOutProfile');
    expect(firstScreenFor('/u/alice/feed.atom', false)).toBeNull();
    expect(firstScreenFor('/settings', true)).toBeNull();
  });

  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-hints-'));
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it("are the screen's chunks and stylesheets that the entry does not load already", () => {
    fs.mkdirSync(path.join(dist, '.vite'));
    const manifest = {
      'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'], css: ['assets/index-1.css'] },
      '_react-1.js': { file: 'assets/react-1.js' },
      '_card-1.js': { file: 'assets/card-1.js', imports: ['_react-1.js', 'index.html'], css: ['assets/card-1.css'] },
      'src/screens/Home/HomeScreen.tsx': { file: 'assets/HomeScreen-1.js', imports: ['_card-1.js', 'index.html'], css: ['assets/HomeScreen-1.css'] },
      // a screen another chunk also imports: listed under its chunk's name, not its source path
      '_SignedOutProfileScreen-1.js': { file: 'assets/SignedOutProfileScreen-1.js', name: 'SignedOutProfileScreen', imports: ['index.html'] },
    };
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    const hints = loadFirstScreenHints(dist);
    expect(
      hints('home')
        .split('\n')
        .map((line) => line.trim()),
    ).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/HomeScreen-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/card-1.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/HomeScreen-1.css">',
      '<link rel="preload" as="style" crossorigin href="/assets/card-1.css">',
    ]);
    expect(hints('signedOutProfile')).toBe('<link rel="modulepreload" crossorigin href="/assets/SignedOutProfileScreen-1.js">');
    // a screen the build does not have, and no screen at all, add nothing
    expect(hints('onboarding')).toBe('');
    expect(hints(null)).toBe('');
  });

  it('are nothing without a build manifest', () => {
    expect(loadFirstScreenHints(path.join(dist, 'missing'))('home')).toBe('');
  });
});
