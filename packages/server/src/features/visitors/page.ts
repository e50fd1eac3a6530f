import { localeFromLanguages, type ErrorCode, type ProfileCounts } from '@askbox/common';
import type { UserRow } from '../../db/schema/index.js';
import { translatorFor } from '../../i18n/translator.js';
import type { PublicAnswer } from '../visibility/index.js';
import { escapeMarkup as e } from '../sharing/views.js';
import { avatarUrlOf } from '../users/views.js';

/**
 * The signed-out profile of someone with a public profile (decision 307), rendered here in the
 * visitor's language. Everything user-written is escaped once, here. The web's visitor.html gives
 * it its styles and a small script (the ask box, the colour scheme), which reads its texts from
 * the JSON block below.
 */
export interface VisitorPage {
  lang: string;
  head: string;
  body: string;
}

/** The refusals the ask box can meet, told in the visitor's language. */
const SHOWN_ERRORS: ErrorCode[] = ['inbox_paused', 'rate_limited', 'challenge_invalid', 'challenge_required', 'question_too_long', 'question_required'];

/** The language a visitor reads: the first of their browser's that Askbox speaks. */
export const visitorLocale = (acceptLanguage: string | undefined) =>
  localeFromLanguages(
    (acceptLanguage ?? '')
      .split(',')
      .map((part) => part.split(';')[0]!.trim())
      .filter(Boolean),
  );

/** What the signed-out profile offers besides reading: the visitor ask box, or logging in and signing up. */
export interface ProfilePageOptions {
  acceptLanguage?: string;
  /** the operator and the owner let people without an account ask */
  visitorsMayAsk: boolean;
  /** the owner paused their inbox: said in place of the ask box, before anyone types */
  inboxPaused?: boolean;
  /** whether this instance takes sign-ups from its own page (open or on approval) */
  signupOpen: boolean;
  /** an answer's link: that answer, shown first and highlighted */
  highlighted?: PublicAnswer | null;
}

/** One answer as the page shows it: its question, then the answer (behind its warning, when it has one) with its picture. */
function answerArticle(answer: PublicAnswer, locale: string, t: ReturnType<typeof translatorFor>, highlighted: boolean): string {
  const picture = answer.picture
    ? `<img class="visitor-picture" src="${e(answer.picture.url)}" alt="${e(answer.picture.alt)}" width="${answer.picture.width}" height="${answer.picture.height}" loading="lazy" decoding="async" />`
    : '';
  const shown = `<p>${e(answer.answer)}</p>${picture}`;
  // a warning hides the answer and its picture until the reader opens it (decision 315)
  const body = answer.contentWarning
    ? `<details class="visitor-cw"><summary><span><span class="visitor-cw-label">${e(t('contentWarning'))}</span> ${e(answer.contentWarning)}</span> <span class="visitor-cw-show">${e(t('showAnswer'))}</span></summary>${shown}</details>`
    : shown;
  return `<article class="visitor-card visitor-answer${highlighted ? ' visitor-answer-highlighted' : ''}" id="answer-${e(answer.id)}"${highlighted ? ' aria-current="true"' : ''}>
        <p class="visitor-question"><span class="visitor-muted">${e(answer.askerUsername ? `@${answer.askerUsername}` : t('anonymous'))}</span><br />${e(answer.question)}</p>
        ${body}
        <p class="visitor-muted"><time datetime="${e(answer.answeredAt)}">${e(new Date(answer.answeredAt).toLocaleDateString(locale))}</time></p>
      </article>`;
}

/**
 * The signed-out profile of someone with a public profile (decision 307): header, counters, the
 * answers (an answer's link opens on it), and what a visitor may do — ask, when the operator and the
 * owner allow it, else log in to ask or create an Askbox. Logging in comes back to the same page.
 */
export function renderVisitorPage(user: UserRow, counts: ProfileCounts, answers: PublicAnswer[], options: ProfilePageOptions): VisitorPage {
  const locale = visitorLocale(options.acceptLanguage);
  const t = translatorFor(locale);
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);
  const here = options.highlighted
    ? `/u/${encodeURIComponent(user.username)}/answers/${encodeURIComponent(options.highlighted.id)}`
    : `/u/${encodeURIComponent(user.username)}`;
  const loginHref = `/login?next=${encodeURIComponent(here)}`;
  const texts = {
    remaining: { one: t('remainingCharacters', { count: 1 }), other: t('remainingCharacters', { count: 2 }).replace('2', '{{count}}') },
    sent: t('questionSent'),
    sending: t('visitorPage.sending'),
    failed: t('visitorPage.failed'),
    ask: t('ask'),
    errors: Object.fromEntries(SHOWN_ERRORS.map((code) => [code, t(`errors.${code}`, { max: 300, minutes: 10 })])),
  };
  const counters = [
    [counts.answers, t('answers')],
    [counts.followings, t('followings')],
    [counts.followers, t('followers')],
    [counts.likes, t('likes')],
  ] as const;
  const cover = user.coverUrl ? ` style="background-image: url('${e(encodeURI(user.coverUrl))}')"` : '';
  const createLink = options.signupOpen ? `<a class="visitor-button visitor-button-quiet" href="/signup">${e(t('visitorPage.createYourAskbox'))}</a>` : '';
  const answerItems = answers
    .filter((answer) => answer.id !== options.highlighted?.id)
    .map((answer) => answerArticle(answer, locale, t, false))
    .join('\n');
  const ask = options.inboxPaused
    ? `<section class="visitor-card visitor-cta" aria-labelledby="visitor-cta-title">
      <h2 id="visitor-cta-title">${e(t('askMeAQuestion'))}</h2>
      <p>${e(t('errors.inbox_paused'))}</p>
      ${createLink ? `<div class="visitor-cta-row">${createLink}</div>` : ''}
    </section>`
    : options.visitorsMayAsk
      ? `<form class="visitor-card visitor-ask" id="visitor-ask" data-username="${e(user.username)}">
      <h2><label for="visitor-question">${e(t('askMeAQuestion'))}</label></h2>
      <textarea id="visitor-question" name="text" maxlength="600" aria-describedby="visitor-note visitor-counter"></textarea>
      <p class="visitor-muted" id="visitor-note">${e(t('visitorPage.askNote'))}</p>
      <div class="visitor-ask-row">
        <span class="visitor-muted" id="visitor-counter" data-counter aria-live="polite"></span>
        <button type="submit" class="visitor-button" disabled>${e(t('ask'))}</button>
      </div>
      <p class="visitor-status" role="status"></p>
      ${createLink ? `<p class="visitor-invite" hidden>${e(t('visitorPage.getYourOwn'))} ${createLink}</p>` : ''}
    </form>`
      : `<section class="visitor-card visitor-cta" aria-labelledby="visitor-cta-title">
      <h2 id="visitor-cta-title">${e(t('askMeAQuestion'))}</h2>
      <div class="visitor-cta-row"><a class="visitor-button" href="${e(loginHref)}">${e(t('visitorPage.logInToAsk'))}</a>${createLink}</div>
    </section>`;
  const body = `<main class="visitor">
    <nav class="visitor-login" aria-label="Askbox"><span class="visitor-muted">${e(t('visitorPage.haveAccount'))}</span> <a class="visitor-button" href="${e(loginHref)}">${e(t('logInButton'))}</a></nav>
    <div class="visitor-cover"${cover}></div>
    <header class="visitor-head">
      <img src="${e(avatarUrlOf(user))}" alt="" width="88" height="88" />
      <h1>${e(user.fullname)}</h1>
      <p class="visitor-muted">@${e(user.username)}</p>
      ${user.bio.trim() ? `<p class="visitor-bio">${e(user.bio)}</p>` : ''}
      ${user.website ? `<p><a href="${e(user.website)}" target="_blank" rel="noopener noreferrer nofollow">${e(user.website)}</a></p>` : ''}
    </header>
    <div class="visitor-card visitor-counters" role="group" aria-label="${e(t('counters'))}">
      ${counters.map(([value, label]) => `<div><strong>${e(number(value))}</strong> <span>${e(label)}</span></div>`).join('\n      ')}
    </div>
    ${options.highlighted ? answerArticle(options.highlighted, locale, t, true) : ''}
    ${ask}
    <h2 class="visitor-section">${e(t('answers'))}</h2>
    ${answerItems || (options.highlighted ? '' : `<p class="visitor-card visitor-muted">${e(t('noAnswersNow'))}</p>`)}
  </main>
  <script type="application/json" id="visitor-texts">${JSON.stringify(texts).replace(/</g, '\\u003c')}</script>`;
  const title = `<title>${e(t('titles.publicProfile', { username: user.username }))}</title>`;
  return { lang: locale, head: title, body };
}
