import type { Db } from '../../packages/server/src/db/open.js';
import { cycle, type Step } from './load.js';
import type { Person } from './subjects.js';

/** A viewer and an answer of their feed they have not liked: the like toggle's subject. */
export interface LikePair {
  userId: string;
  questionId: string;
  ownerId: string;
  cookie: string;
}

/**
 * One answer per viewer from their own feed, not liked yet. The newest answer of many feeds is
 * the same one, so likes of one answer (and one owner) meet, as they would on a popular answer.
 */
export async function pickLikePairs(db: Db, viewers: Person[]): Promise<LikePair[]> {
  const { feedPage } = await import('../../packages/server/src/features/feed/service.js');
  const pairs: LikePair[] = [];
  for (const viewer of viewers) {
    const page = await feedPage(db, viewer.id, {});
    const post = page.items.find((p) => !p.likedByViewer);
    if (post) pairs.push({ userId: viewer.id, questionId: post.id, ownerId: post.receiver.id, cookie: viewer.cookie });
  }
  return pairs;
}

/**
 * Like then unlike, each connection the answer it liked (kept in its own context: a variable shared
 * by the 8 connections made them unlike each other's, so two likes in three found theirs already
 * there and wrote nothing); 100 pairs cycled by 8 connections never collide.
 */
export function likeToggleSequence(pairs: LikePair[]): Step[] {
  const next = cycle(pairs);
  return [
    (context) => {
      const pair = (context.pair = next());
      return { method: 'POST', path: `/api/answers/${pair.questionId}/like`, cookie: pair.cookie };
    },
    (context) => {
      const pair = context.pair as LikePair;
      return { method: 'DELETE', path: `/api/answers/${pair.questionId}/like`, cookie: pair.cookie };
    },
  ];
}
