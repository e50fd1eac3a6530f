import type { Locale } from '@askbox/common';

/**
 * The emails' words in each language. Interim: they move into the shared catalogs
 * (packages/common/src/i18n, keys `email.*`) once the locale layer lands, with the same keys.
 * Interpolation is `{{name}}`; counts pick `_one` / `_other` by the language's plural rules.
 */
const en = {
  question: {
    subject: 'New Question ❓',
    anonymous: 'Someone sent you an anonymous question!',
    named: '{{fullname}} (@{{username}}) sent you a question!',
    action: 'Answer on Askbox',
  },
  digest: {
    subject: 'Your day on Askbox',
    intro: 'Since your last digest:',
    questions_one: '{{count}} new question',
    questions_other: '{{count}} new questions',
    followers_one: '{{count}} new follower',
    followers_other: '{{count}} new followers',
    likes_one: '{{count}} like on your answers',
    likes_other: '{{count}} likes on your answers',
    action: 'Open Askbox',
  },
  reset: {
    subject: 'Reset your Askbox password',
    intro: 'Someone, hopefully you, asked to reset the password of the Askbox account @{{username}}.',
    action: 'Choose a new password',
    validity: 'The link works once, for one hour.',
    ignore: 'If you did not ask for this, ignore this email: your password stays as it is.',
  },
  footer: {
    why: 'You get this email because you turned on email notifications on Askbox.',
    unsubscribe: 'Unsubscribe',
  },
};

type Texts = typeof en;

const fr: Texts = {
  question: {
    subject: 'Nouvelle question ❓',
    anonymous: 'Quelqu’un vous a envoyé une question anonyme !',
    named: '{{fullname}} (@{{username}}) vous a envoyé une question !',
    action: 'Répondre sur Askbox',
  },
  digest: {
    subject: 'Votre journée sur Askbox',
    intro: 'Depuis votre dernier résumé :',
    questions_one: '{{count}} nouvelle question',
    questions_other: '{{count}} nouvelles questions',
    followers_one: '{{count}} nouvel abonné',
    followers_other: '{{count}} nouveaux abonnés',
    likes_one: '{{count}} j’aime sur vos réponses',
    likes_other: '{{count}} j’aime sur vos réponses',
    action: 'Ouvrir Askbox',
  },
  reset: {
    subject: 'Réinitialisez votre mot de passe Askbox',
    intro: 'Quelqu’un, vous sans doute, a demandé à réinitialiser le mot de passe du compte Askbox @{{username}}.',
    action: 'Choisir un nouveau mot de passe',
    validity: 'Le lien ne sert qu’une fois, pendant une heure.',
    ignore: 'Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe ne change pas.',
  },
  footer: {
    why: 'Vous recevez cet e-mail parce que vous avez activé les notifications par e-mail sur Askbox.',
    unsubscribe: 'Se désabonner',
  },
};

const catalogs: Record<Locale, Texts> = { en, fr };

type Vars = Record<string, string | number>;

/** `t('digest.questions', { count: 3 })` in one language. */
export function emailTexts(locale: Locale) {
  const texts = catalogs[locale];
  const plural = new Intl.PluralRules(locale);
  return (key: string, vars: Vars = {}): string => {
    const [section, name] = key.split('.') as [keyof Texts, string];
    const table = texts[section] as Record<string, string>;
    const chosen = typeof vars.count === 'number' ? (table[`${name}_${plural.select(vars.count)}`] ?? table[`${name}_other`]) : table[name];
    if (chosen === undefined) throw new Error(`no email text ${key}`);
    return chosen.replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(vars[v] ?? ''));
  };
}
export type EmailT = ReturnType<typeof emailTexts>;
