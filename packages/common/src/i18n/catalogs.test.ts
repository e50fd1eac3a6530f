import { describe, expect, it } from 'vitest';
import { LOCALES } from '../settings.js';
import { relativeTime } from '../time.js';
import { catalogKeys, catalogs, en, fr, frenchDe, localeFromLanguages } from './index.js';

// `{{fullname, de}}` is the placeholder `fullname` with a format (decision 208)
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)(?:,[^}]*)?\}\}|<(\w+)\/?>/g)].map((m) => m[1] ?? m[2]).sort();

function valueAt(catalog: object, key: string): string {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalog) as string;
}

describe('catalogs', () => {
  it('every language has exactly the English keys', () => {
    const keys = catalogKeys(en).sort();
    expect(keys.length).toBeGreaterThan(250);
    for (const locale of LOCALES) expect(catalogKeys(catalogs[locale]).sort(), locale).toEqual(keys);
  });

  it('no text is empty, and each translation keeps the same placeholders and tags', () => {
    for (const key of catalogKeys(en)) {
      const english = valueAt(en, key);
      expect(english.trim(), key).not.toBe('');
      for (const locale of LOCALES) expect(placeholders(valueAt(catalogs[locale], key)), `${locale} ${key}`).toEqual(placeholders(english));
    }
  });

  it('French is translated, not copied (apart from names and the spec French labels)', () => {
    const same = catalogKeys(en).filter((key) => valueAt(en, key) === valueAt(fr, key));
    // the spec's own French, brand names and words that are the same in both languages
    const allowed =
      /^(navHome|navQuestions|navNotifications|notificationTabs|unblockFr|pwa\w+|appName|mastodonServerExample|ok|bioLabel|questionLabel|moderation\.reasons\.spam|moderationQueue\.(kindLabel\.question|questionLabel)|instanceAccess\.instance(Title)?|team\.(targetKinds\.(question|instance)|version|databaseKinds\.postgres|questions)|titles\.(onboarding|home|questions|notifications|publicProfile))$/;
    expect(same.filter((key) => !allowed.test(key))).toEqual([]);
  });

  it('English keeps the spec strings verbatim, French labels included', () => {
    expect(en.navHome).toBe('Accueil');
    expect(en.unblockFr).toBe('Débloquer');
    expect(en.pwaLater).toBe('Plus tard');
    expect(en.pwaGotIt).toBe("J'ai compris");
    expect(en.globalQuestionSent_other).toBe('Global question sent to {{count}} users successfully!');
    expect(en.confirmBlock).toBe('Are you sure you want to block this user ? This will remove all links between you. 🫣');
  });

  it('French follows French typography, so its punctuation never starts a line (decision 208)', () => {
    // the spec's own French is kept verbatim, its plain apostrophe included
    const SPEC_FRENCH = ["J'ai compris"];
    for (const key of catalogKeys(fr)) {
      const text = SPEC_FRENCH.reduce((rest, verbatim) => rest.replaceAll(verbatim, ''), valueAt(fr, key));
      expect(text, key).not.toMatch(/ [!?;:]/); // a plain space would let the mark wrap alone
      expect(text, key).not.toMatch(/[^\u202f][!?;]|^[!?;]/); // a narrow no-break space before ! ? ;
      expect(text.replaceAll('://', ''), key).not.toMatch(/[^\u00a0]:|^:/); // a no-break space before :
      expect(text, key).not.toMatch(/«[^\u00a0]|[^\u00a0]»/); // and inside « »
      expect(text, key).not.toMatch(/[“”"]/); // French quotes are « »
      expect(text, key).not.toContain("'"); // the apostrophe is ’
      expect(text, key).not.toContain('...'); // the ellipsis is …
    }
  });

  it('French elides de before a vowel or a mute h', () => {
    expect(frenchDe('Marc Dupont')).toBe('de Marc Dupont');
    expect(frenchDe('Alice Martin')).toBe('d’Alice Martin');
    expect(frenchDe('Élodie')).toBe('d’Élodie');
    expect(frenchDe('hugo')).toBe('d’hugo');
    expect(frenchDe('Yves')).toBe('d’Yves');
    expect(frenchDe('Yann')).toBe('de Yann');
    expect(frenchDe('42')).toBe('de 42');
  });
});

describe('localeFromLanguages', () => {
  it('takes the first language Askbox speaks, else English', () => {
    expect(localeFromLanguages(['fr-FR', 'en-US'])).toBe('fr');
    expect(localeFromLanguages(['de-DE', 'fr-CA'])).toBe('fr');
    expect(localeFromLanguages(['de-DE'])).toBe('en');
    expect(localeFromLanguages([])).toBe('en');
  });
});

describe('relativeTime in French', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  it.each([
    ['2026-01-10T11:59:30Z', 'à l’instant'],
    ['2026-01-10T11:55:00Z', 'il y a 5 min'],
    ['2026-01-10T10:00:00Z', 'il y a 2 h'],
    ['2026-01-07T12:00:00Z', 'il y a 3 j'],
  ])('%s → %s', (iso, expected) => expect(relativeTime(iso, now, 'fr', fr.time.justNow).replace(/[\u00a0\u202f]/g, ' ')).toBe(expected));
});
