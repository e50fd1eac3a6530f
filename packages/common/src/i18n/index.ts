import { LOCALES, type Locale } from '../locales.js';
import { en, type Catalog } from './en.js';
import { fr } from './fr.js';

export { en, fr, type Catalog };

/** Every catalog, by locale: what i18next loads on the server and on the web (decision 120). */
export const catalogs: Record<Locale, Catalog> = { en, fr };

/** i18next's resources: one namespace, `translation`. */
export const i18nResources = { en: { translation: en }, fr: { translation: fr } } as const;

export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

/** The first of the browser's languages Askbox speaks ('fr-CA' → 'fr'), else English. */
export function localeFromLanguages(languages: readonly string[]): Locale {
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

/** The language names shown in the Settings switch, each in its own language. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français' };

/** Every key of a catalog, dotted ('email.reset.subject'), plural forms included. */
export function catalogKeys(catalog: object, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : catalogKeys(value as object, `${prefix}${key}.`),
  );
}

let englishIndex: Map<string, string> | null = null;

/**
 * The key of an English text the server sent (its messages are the English catalog's strings),
 * so the web can show it in the user's language; undefined for texts with placeholders or
 * plurals, and for anything not in the catalog.
 */
export function keyOfEnglishText(text: string): string | undefined {
  if (!englishIndex) {
    englishIndex = new Map();
    const walk = (node: object, prefix: string) => {
      for (const [key, value] of Object.entries(node)) {
        if (typeof value === 'string') {
          if (!value.includes('{{') && !/_(one|many|other)$/.test(key) && !englishIndex!.has(value)) englishIndex!.set(value, `${prefix}${key}`);
        } else walk(value as object, `${prefix}${key}.`);
      }
    };
    walk(en, '');
  }
  return englishIndex.get(text);
}

/**
 * The like push quotes the first 30 characters of the answer, plus '...' when longer;
 * `cut` marks the cut as the recipient's language does (French: '…', decision 208).
 */
export const likeExcerpt = (answer: string, cut = (text: string) => `${text}...`) => (answer.length > 30 ? cut(answer.slice(0, 30)) : answer);

/**
 * French 'de' before a name, elided before a vowel or a mute h: 'de Marc', 'd’Alice', 'd’Hélène',
 * 'd’Yves' (but 'de Yann'). The catalogs write `{{fullname, de}}` (decision 208).
 */
export function frenchDe(name: string): string {
  const plain = name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return /^(?:[aeiouhœæ]|y[^aeiouy])/.test(plain) ? `d’${name}` : `de ${name}`;
}

/** The formats the catalogs use (`{{name, format}}`), registered by the web's and the server's i18next. */
export const i18nFormatters: Record<string, (value: unknown) => string> = {
  de: (value) => frenchDe(String(value)),
};
