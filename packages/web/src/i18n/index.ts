import i18next from 'i18next';
import { useEffect, useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, i18nFormatters, isLocale, localeFromLanguages, relativeTime, type Catalog, type ErrorDetail, type Locale } from '@askbox/common';

import { enFirst } from '@askbox/common/i18n/en-first';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Catalog };
  }
}

/**
 * The web's translator (decision 120). The language is, in order: the account's choice (applied
 * by AccountLocale once signed in), the browser's saved choice (signed-out screens), then the
 * browser's own languages. `t` is a plain function, usable in components, mutation callbacks and
 * alerts alike; the routes re-render under a key of the language when it changes (router.tsx).
 */
const STORAGE_KEY = 'askbox.locale';

function savedLocale(): Locale | null {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return isLocale(saved) ? saved : null;
  } catch {
    return null;
  }
}

const firstLocale = savedLocale() ?? localeFromLanguages(typeof navigator === 'undefined' ? [] : navigator.languages);

export const i18n = i18next.createInstance();
void i18n.init({
  // English only, the first screens' texts: the rest (loadLaterTexts) and other languages
  // (loadLocale) load on demand, out of the first screen's bundle
  resources: { en: { translation: enFirst as unknown as Catalog } },
  lng: firstLocale,
  fallbackLng: DEFAULT_LOCALE,
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
});
// `{{fullname, de}}` in French (decision 208)
for (const [name, format] of Object.entries(i18nFormatters)) i18n.services.formatter?.add(name, format);
if (typeof document !== 'undefined') document.documentElement.lang = firstLocale;
i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

export const t = i18n.t.bind(i18n);

export const currentLocale = (): Locale => (isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE);

let laterTexts: Promise<void> | null = null;
/**
 * The English texts of the screens behind the first ones (settings, account, the operator's and the
 * moderators' screens): every screen's chunk waits for them (app/screens.ts), so none is drawn
 * without its words. French has them in its one catalog.
 */
export function loadLaterTexts(): Promise<void> {
  return (laterTexts ??= import('@askbox/common/i18n/en-later').then(({ enLater }) => {
    i18n.addResourceBundle('en', 'translation', enLater, true, true);
  }));
}

const catalogLoaders: Record<Locale, () => Promise<Catalog>> = {
  en: () => Promise.resolve(enFirst as unknown as Catalog),
  fr: () => import('@askbox/common/i18n/fr').then((module) => module.fr),
};

/** Loads a language's catalog once (decision 147: only English ships with the first screen). */
export async function loadLocale(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  i18n.addResourceBundle(locale, 'translation', await catalogLoaders[locale]());
}

/** The first language's catalog: the app renders once it is there (main.tsx), never in English first. */
export const firstLocaleReady: Promise<void> = loadLocale(firstLocale).catch((error: unknown) => {
  // offline with the chunk not cached: English, rather than no app at all
  console.warn('could not load the catalog', error);
});

/** Switches the interface's language (its catalog loaded first) and remembers it in this browser. */
export async function setLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // private mode: the choice lasts for this page only
  }
  await loadLocale(locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

/** The current language; the component re-renders when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribeToLanguage, currentLocale);
}

function subscribeToLanguage(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

/** A refusal (the server's, or a shared schema's) in the user's language: `errors.<code>` with its values. */
export const translateError = ({ code, params }: ErrorDetail): string => t(`errors.${code}`, params ?? {});

/** 'just now', '5m ago', 'il y a 5 min'. */
export const relativeTimeText = (iso: string) => relativeTime(iso, new Date(), currentLocale(), t('time.justNow'));

/** A count as the user's language writes it (1 234 in French). */
// counts under 1,000 read the same in every language we ship: no formatter (making the first one
// costs a locale-data lookup that showed as a long task on a profile's first render)
export const formatNumber = (value: number) =>
  Number.isInteger(value) && value >= 0 && value < 1000 ? String(value) : numberFormatFor(currentLocale()).format(value);

// an Intl formatter is costly to make (a lookup in the locale data): one per language, made once
const numberFormats = new Map<Locale, Intl.NumberFormat>();
function numberFormatFor(locale: Locale): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format;
}

/** Sets document.title for a route, in the current language. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
