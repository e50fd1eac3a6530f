import { CARD_SIZES, cardPaths, en, splitMentions, type AnswerPicture } from '@askbox/common';
import type { UserRow } from '../../db/schema/index.js';
import { translatorFor } from '../../i18n/translator.js';
import { answerGlimpseLine } from '../answerExtras/views.js';
import type { PublicAnswer } from '../visibility/index.js';

/**
 * How a public profile looks outside Askbox: share-card meta tags for the page's <head>, and the
 * Atom feed. Everything user-written is escaped here, once, for the context it lands in.
 */

/** Links a public profile's pages use; `origin` is PUBLIC_URL. */
export const publicLinks = {
  profile: (origin: string, username: string) => `${origin}/u/${username}`,
  answer: (origin: string, username: string, answerId: string) => `${origin}/u/${username}/answers/${encodeURIComponent(answerId)}`,
  feed: (origin: string, username: string) => `${origin}/u/${username}/feed.atom`,
};

/** A PNG every link preview can show when the user has no picture of their own (the default is an SVG). */
const FALLBACK_IMAGE = '/icons/icon-512.png';

/** The absolute URL of the user's picture, for previews. */
export function pictureUrl(origin: string, user: Pick<UserRow, 'photoUrl'>): string {
  const path = user.photoUrl ?? FALLBACK_IMAGE;
  return /^https?:\/\//.test(path) ? path : `${origin}${path}`;
}

/** `Anonymous`, or `@username` when the asker's own profile is public (see PublicAnswer). */
export const askerLabel = (answer: Pick<PublicAnswer, 'askerUsername'>) => (answer.askerUsername ? `@${answer.askerUsername}` : en.anonymous);

// characters XML 1.0 cannot carry at all (C0 controls but tab and newlines, lone surrogates, U+FFFE/U+FFFF)
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escapes text for an HTML or XML attribute value or text node (and drops what XML cannot carry). */
export function escapeMarkup(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Keeps a preview text short, on a character boundary. */
function clip(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

type Tags = [attribute: 'property' | 'name', key: string, value: string][];

function metaTags(tags: Tags): string {
  return tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeMarkup(value)}" />`).join('\n    ');
}

/** Where the account moved, for the signed-out profile screen to say (it cannot read the profile). */
function movedToMeta(username: string, handle: string): string {
  return `<meta name="askbox:moved-to" content="${escapeMarkup(handle)}" data-username="${escapeMarkup(username)}" />`;
}

/** The links every public profile page carries: its Atom feed and its ActivityPub actor. */
function alternateLinks(origin: string, user: UserRow, actorUrl: string): string {
  const title = `${user.fullname} (@${user.username})`;
  return [
    `<link rel="alternate" type="application/atom+xml" title="${escapeMarkup(title)}" href="${escapeMarkup(publicLinks.feed(origin, user.username))}" />`,
    `<link rel="alternate" type="application/activity+json" href="${escapeMarkup(actorUrl)}" />`,
  ].join('\n    ');
}

/** Open Graph + Twitter card tags for `/u/:username` of a public profile. */
export function profileHead(origin: string, user: UserRow, answers: number, actorUrl: string): string {
  const title = `${user.fullname} (@${user.username})`;
  const counts = plural(answers, 'answer');
  const summary = user.bio.trim() ? `${clip(user.bio, 200)} · ${counts}` : `${counts} on Askbox`;
  // a moved account says so first, in link previews and on the page a visitor opens (movedToMeta)
  const description = user.movedTo ? `${english('movedTo', { handle: user.movedTo.handle })} · ${summary}` : summary;
  const image = pictureUrl(origin, user);
  const url = publicLinks.profile(origin, user.username);
  return [
    ...(user.movedTo ? [movedToMeta(user.username, user.movedTo.handle)] : []),
    metaTags([
      ['property', 'og:type', 'profile'],
      ['property', 'og:site_name', 'Askbox'],
      ['property', 'og:title', title],
      ['property', 'og:description', description],
      ['property', 'og:url', url],
      ['property', 'og:image', image],
      ['property', 'profile:username', user.username],
      ['name', 'twitter:card', 'summary'],
      ['name', 'twitter:title', title],
      ['name', 'twitter:description', description],
      ['name', 'twitter:image', image],
    ]),
    `<link rel="canonical" href="${escapeMarkup(url)}" />`,
    alternateLinks(origin, user, actorUrl),
  ].join('\n    ');
}

/**
 * Open Graph + Twitter card tags for one answer of a public profile. An answer behind a content
 * warning shows the warning instead of its text, and the profile picture instead of its card
 * (which shows the text): a link preview opens nothing the reader did not choose to open.
 */
export function answerHead(origin: string, user: UserRow, answer: PublicAnswer, actorUrl: string): string {
  const title = `${user.fullname} (@${user.username}) answered ${askerLabel(answer)}: “${clip(answer.question, 120)}”`;
  const warning = answer.contentWarning;
  const description = answerGlimpseLine(english, answer.answer, warning, (text) => clip(text, 200));
  const url = publicLinks.answer(origin, user.username, answer.id);
  // the answer's own card (features/cards), its text repeated for those who cannot see it
  const image = warning
    ? { url: pictureUrl(origin, user), alt: `${user.fullname} (@${user.username})`, size: null }
    : {
        url: `${origin}${cardPaths.public(user.username, answer.id, 'link', 'light')}`,
        alt: `${askerLabel(answer)}: “${clip(answer.question, 300)}” — ${user.fullname}: ${clip(answer.answer, 300)}`,
        size: CARD_SIZES.link,
      };
  return [
    metaTags([
      ['property', 'og:type', 'article'],
      ['property', 'og:site_name', 'Askbox'],
      ['property', 'og:title', title],
      ['property', 'og:description', description],
      ['property', 'og:url', url],
      ['property', 'og:image', image.url],
      ...(image.size
        ? ([
            ['property', 'og:image:type', 'image/png'],
            ['property', 'og:image:width', String(image.size.width)],
            ['property', 'og:image:height', String(image.size.height)],
          ] satisfies Tags)
        : []),
      ['property', 'og:image:alt', image.alt],
      ['property', 'article:published_time', answer.answeredAt],
      ['property', 'article:author', publicLinks.profile(origin, user.username)],
      ['name', 'twitter:card', warning ? 'summary' : 'summary_large_image'],
      ['name', 'twitter:title', title],
      ['name', 'twitter:description', description],
      ['name', 'twitter:image', image.url],
      ['name', 'twitter:image:alt', image.alt],
    ]),
    `<link rel="canonical" href="${escapeMarkup(url)}" />`,
    alternateLinks(origin, user, actorUrl),
  ].join('\n    ');
}

/** Previews and feeds outside Askbox speak English, like the rest of them. */
const english = translatorFor('en');

/** A line of user text as markup: escaped, its http(s) addresses as links (shown shortened, as in the app). */
function linkedMarkup(line: string): string {
  return splitMentions(line)
    .map((segment) =>
      segment.kind === 'link'
        ? `<a href="${escapeMarkup(segment.href)}" rel="nofollow ugc noopener noreferrer" target="_blank">${escapeMarkup(segment.text)}</a>`
        : escapeMarkup(segment.text),
    )
    .join('');
}

/** The HTML body of an answer outside Askbox (Atom content, ActivityPub Note): who asked, the question quoted, the answer. */
/** Text as HTML paragraphs, one per line, escaped. */
export const paragraphsHtml = (text: string) =>
  text
    .split(/\n+/)
    .filter((line) => line.trim() !== '')
    .map((line) => `<p>${linkedMarkup(line)}</p>`)
    .join('');

export function answerHtml(answer: PublicAnswer, link: string, pictureOrigin?: string): string {
  const paragraphs = paragraphsHtml;
  return (
    `<p>${escapeMarkup(askerLabel(answer))} asked:</p>` +
    `<blockquote>${paragraphs(answer.question)}</blockquote>` +
    paragraphs(answer.answer) +
    (pictureOrigin && answer.picture ? pictureHtml(pictureOrigin, answer.picture) : '') +
    `<p><a href="${escapeMarkup(link)}">${escapeMarkup(link)}</a></p>`
  );
}

/** The absolute URL of an answer's picture. */
export const answerPictureUrl = (origin: string, picture: AnswerPicture) => (/^https?:\/\//.test(picture.url) ? picture.url : `${origin}${picture.url}`);

/** An answer's picture in HTML outside Askbox (the Atom feed; ActivityPub has it as an attachment). */
function pictureHtml(origin: string, picture: AnswerPicture): string {
  const src = escapeMarkup(answerPictureUrl(origin, picture));
  return `<p><img src="${src}" alt="${escapeMarkup(picture.alt)}" width="${picture.width}" height="${picture.height}" /></p>`;
}

/** The newest answers of a public profile as an Atom feed (RFC 4287). */
export function atomFeed(origin: string, user: UserRow, answers: PublicAnswer[]): string {
  const profileUrl = publicLinks.profile(origin, user.username);
  const feedUrl = publicLinks.feed(origin, user.username);
  const updated = answers[0]?.answeredAt ?? user.createdAt.toISOString();
  const text = (tag: string, value: string) => `<${tag}>${escapeMarkup(value)}</${tag}>`;
  const author = `<author>${text('name', user.fullname)}${text('uri', profileUrl)}</author>`;
  const entries = answers.map((answer) => {
    const url = publicLinks.answer(origin, user.username, answer.id);
    return [
      '  <entry>',
      `    ${text('id', url)}`,
      `    <title type="text">${escapeMarkup(answer.question)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeMarkup(url)}"/>`,
      `    ${text('published', answer.answeredAt)}`,
      `    ${text('updated', answer.answeredAt)}`,
      `    ${author}`,
      // a content warning is the entry's summary: readers that show summaries show it first
      answer.contentWarning ? `    <summary type="text">${escapeMarkup(answerGlimpseLine(english, answer.answer, answer.contentWarning))}</summary>` : null,
      `    <content type="html">${escapeMarkup(answerHtml(answer, url, origin))}</content>`,
      '  </entry>',
    ]
      .filter((line) => line !== null)
      .join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  ${text('id', profileUrl)}`,
    `  <title type="text">${escapeMarkup(`${user.fullname} (@${user.username}) on Askbox`)}</title>`,
    user.bio.trim() ? `  <subtitle type="text">${escapeMarkup(user.bio)}</subtitle>` : null,
    `  ${text('updated', updated)}`,
    `  <link rel="self" type="application/atom+xml" href="${escapeMarkup(feedUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeMarkup(profileUrl)}"/>`,
    `  ${author}`,
    `  <generator uri="${escapeMarkup(origin)}">Askbox</generator>`,
    `  ${text('icon', pictureUrl(origin, user))}`,
    ...entries,
    '</feed>',
    '',
  ]
    .filter((line) => line !== null)
    .join('\n');
}
