import { createHash } from 'node:crypto';
import { imageVariants } from '@askbox/common';
import { onFirstUse } from '../../firstUse.js';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema/index.js';
import { cardKey, createCardCache, type CardCache } from '../../storage/cardCache.js';
import { mediaKeyOf } from '../../storage/storage.js';
import { publicAnswer, publicUserByUsername, type PublicAnswer } from '../visibility/index.js';
import { askerLabel } from '../sharing/views.js';
import { answerGlimpseLine } from '../answerExtras/views.js';
import { translatorFor } from '../../i18n/translator.js';
import { runtimeSlot } from '../../runtime.js';
import type { CardContent, CardFormat, CardTheme } from './types.js';

/**
 * Answer cards: the public one of a public profile's answer (link previews, stories), and the
 * owner's own, public profile or not (downloaded, never published). Both read the answer through
 * the public pages' reader, so the asker is 'Anonymous' or a public @username and nothing more.
 */

export interface CardVariant {
  format: CardFormat;
  theme: CardTheme;
}

type CardOwner = Pick<UserRow, 'id' | 'fullname' | 'username' | 'photoUrl'>;

export type CardRenderer = (content: CardContent, format: CardFormat, theme: CardTheme) => Promise<Buffer>;

/**
 * Cards are drawn on threads of their own (satori's layout would hold the event loop for tens to
 * hundreds of milliseconds, seconds for hostile text), two at most at once; the threads and
 * satori, resvg and sharp in them start with the first card drawn (decision 195).
 */
const renderPool = onFirstUse(async () => (await import('./renderPool.js')).createRenderPool());
const renderCard: CardRenderer = async (content, format, theme) => (await (await renderPool()).draw(content, format, theme)).png;

/** Ends the card-drawing threads (the server's close; the next card starts them again). */
export async function closeCardThreads(): Promise<void> {
  if (renderPool.started()) await (await renderPool()).close();
}

/** Bumped when the drawing changes, so older renders are not served. */
const CARD_DESIGN = 1;

/** The card of `answerId` on the public profile `username`, or null: an unknown user, a private profile and a missing answer look the same. */
export async function publicAnswerCard(
  ctx: AppContext,
  username: string,
  answerId: string,
  variant: CardVariant,
  render: CardRenderer = renderCard,
): Promise<Buffer | null> {
  const user = await publicUserByUsername(ctx.db, username);
  const answer = user ? await publicAnswer(ctx.db, user.id, answerId) : null;
  return user && answer ? cardOf(ctx, user, answer, variant, render) : null;
}

/** The card of the signed-in owner's own answer, or null when it is not theirs or not answered. */
export async function ownAnswerCard(
  ctx: AppContext,
  owner: CardOwner,
  answerId: string,
  variant: CardVariant,
  render: CardRenderer = renderCard,
): Promise<Buffer | null> {
  const answer = await publicAnswer(ctx.db, owner.id, answerId);
  return answer ? cardOf(ctx, owner, answer, variant, render) : null;
}

/**
 * Removes an answer's cards once the answer is gone. A leftover file is never served (a card URL
 * reads the answer first), so a failure here is no reason to fail the deletion: it is returned.
 */
export async function deleteAnswerCards(ctx: AppContext, ownerId: string, answerId: string): Promise<unknown> {
  return cacheOf(ctx)
    .deleteAnswer(ownerId, answerId)
    .then(() => null)
    .catch((error: unknown) => error);
}

/** Removes every card of a deleted account's answers. */
export async function deleteOwnerCards(ctx: AppContext, ownerId: string): Promise<void> {
  await cacheOf(ctx).deleteOwner(ownerId);
}

/** What the renderer is given: only what the card prints. */
export function cardContent(
  owner: Pick<UserRow, 'fullname' | 'username'>,
  answer: Pick<PublicAnswer, 'question' | 'answer' | 'contentWarning' | 'askerUsername'>,
  picture: string | null,
  site: string,
): CardContent {
  return {
    question: answer.question,
    // never the answer behind its warning: the card shows the question and the warning
    answer: answerGlimpseLine(english, answer.answer, answer.contentWarning),
    asker: askerLabel(answer),
    owner: { fullname: owner.fullname, username: owner.username, picture },
    site,
  };
}

// cards are printed in English, as their 'Anonymous' is
const english = translatorFor('en');

/**
 * The context's card cache, and the cards being drawn: one render per card at a time, since a link
 * shared widely is fetched by many previewers at once (the drawing threads take two different
 * cards at most at once, the rest wait their turn).
 */
const cardsSlot = runtimeSlot<{ cache: CardCache; drawing: Map<string, Promise<Buffer>> }>('cards');
const cardsOf = (ctx: AppContext) => ctx.runtime.of(cardsSlot, () => ({ cache: createCardCache(ctx.config), drawing: new Map() }));
const cacheOf = (ctx: AppContext): CardCache => cardsOf(ctx).cache;

async function cardOf(ctx: AppContext, owner: CardOwner, answer: PublicAnswer, variant: CardVariant, render: CardRenderer): Promise<Buffer> {
  const site = new URL(ctx.config.publicUrl).host;
  const described = cardContent(owner, answer, owner.photoUrl, site);
  const hash = createHash('sha256').update(JSON.stringify({ CARD_DESIGN, variant, described })).digest('hex').slice(0, 32);
  const key = cardKey(owner.id, answer.id, `${variant.format}-${variant.theme}`, hash);
  const cache = cacheOf(ctx);
  const cached = await cache.get(key);
  if (cached) return cached;
  const inFlight = cardsOf(ctx).drawing;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = (async () => {
      const picture = await pictureData(cache, owner.photoUrl);
      const png = await render({ ...described, owner: { ...described.owner, picture } }, variant.format, variant.theme);
      await cache.replace(key, png);
      return png;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/** The owner's stored picture (its smallest width) as a data URL; null for the default picture or a foreign URL. */
async function pictureData(cache: CardCache, photoUrl: string | null): Promise<string | null> {
  if (!photoUrl) return null;
  const smallest = imageVariants(photoUrl)?.at(-1)?.url ?? photoUrl;
  const key = mediaKeyOf(smallest);
  const bytes = key ? await cache.picture(key) : null;
  return bytes ? `data:image/jpeg;base64,${bytes.toString('base64')}` : null;
}
