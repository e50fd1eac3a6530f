import type { InstancePageSlug, Locale } from '@askbox/common';

/**
 * What each page says until an admin writes it: short, general texts an operator can keep, in
 * the reader's language. The Rules' list items are what a report can name.
 */
export const defaultPages: Record<Locale, Record<InstancePageSlug, string>> = {
  en: {
    about: `# About this Askbox

Askbox is a place to ask and answer questions, anonymously or by name. Answers reach the people who follow you.

This instance is run by its admins. To reach them, use the support address in Settings.`,
    rules: `# Rules

- Be kind: no harassment, threats or insults.
- No hate: nothing that attacks people for who they are.
- No spam or advertising.
- No sexual content involving minors, and nothing illegal.
- Respect privacy: do not share others' personal information.

Report anything that breaks these rules: the admins review every report.`,
    terms: `# Terms of use

By using this instance you accept its rules. You keep the rights to what you write, and let this instance show it to the people your settings allow.

The admins may remove content or suspend accounts that break the rules. The service is offered as it is, without guarantee.`,
    privacy: `# Privacy

This instance stores what you give it: your account details, your questions, answers and likes, and the pictures you upload. It uses one cookie, to keep you signed in.

The sender of an anonymous question is never shown, to admins neither. You can download your data and delete your account in Settings.`,
  },
  fr: {
    about: `# À propos de cet Askbox

Askbox est un lieu pour poser des questions et y répondre, anonymement ou en son nom. Les réponses arrivent chez les personnes qui vous suivent.

Cette instance est gérée par ses admins. Pour les joindre, utilisez l'adresse d'assistance dans les Paramètres.`,
    rules: `# Règles

- Soyez bienveillant : pas de harcèlement, de menaces ni d'insultes.
- Pas de haine : rien qui attaque des personnes pour ce qu'elles sont.
- Pas de spam ni de publicité.
- Aucun contenu sexuel impliquant des mineurs, et rien d'illégal.
- Respectez la vie privée : ne partagez pas les informations personnelles d'autrui.

Signalez tout ce qui enfreint ces règles : les admins examinent chaque signalement.`,
    terms: `# Conditions d'utilisation

En utilisant cette instance, vous acceptez ses règles. Vous gardez vos droits sur ce que vous écrivez, et laissez cette instance le montrer aux personnes que vos réglages autorisent.

Les admins peuvent retirer des contenus ou suspendre des comptes qui enfreignent les règles. Le service est fourni tel quel, sans garantie.`,
    privacy: `# Confidentialité

Cette instance conserve ce que vous lui confiez : les informations de votre compte, vos questions, réponses et j'aime, et les images que vous envoyez. Elle utilise un seul cookie, pour vous garder connecté.

L'expéditeur d'une question anonyme n'est jamais montré, pas même aux admins. Vous pouvez télécharger vos données et supprimer votre compte dans les Paramètres.`,
  },
};
