import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LOCALE, i18nFormatters, i18nResources, isLocale, type Catalog, type Locale } from '@askbox/common';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Catalog };
  }
}

/**
 * The server's translator (decision 120): push titles and bodies, emails, in the recipient's
 * language. One i18next instance, loaded synchronously from the shared catalogs.
 */
const instance = i18next.createInstance();
void instance.init({
  resources: i18nResources,
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  initAsync: false,
  // texts go into JSON (push) or are escaped by the email layout: never HTML-escaped here
  interpolation: { escapeValue: false },
  returnNull: false,
});
// `{{fullname, de}}` in French (decision 208)
for (const [name, format] of Object.entries(i18nFormatters)) instance.services.formatter?.add(name, format);

export type ServerT = TFunction;

/** A stored locale (null, or anything unknown, is English) as a Locale. */
export const localeOf = (value: unknown): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

/** `t('pushBodyFollow', { fullname, username })` in one language. */
export function translatorFor(locale: unknown): ServerT {
  return instance.getFixedT(localeOf(locale));
}

/** The emails' texts (catalog section `email`) in one language: `t('digest.questions', { count: 3 })`. */
export function emailTranslatorFor(locale: unknown) {
  return instance.getFixedT(localeOf(locale), null, 'email');
}
export type EmailT = ReturnType<typeof emailTranslatorFor>;
