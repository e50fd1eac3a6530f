import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Answer } from '@askbox/common';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { LoadMoreFooter } from '../../components/LoadMoreFooter';
import { Loading } from '../../components/Loading';
import { useInfiniteScroll } from '../../components/useInfiniteScroll';
import { AnswerCard } from '../../features/answers/AnswerCard';
import { bootFeedAsOf, forgetBootFeed, useFeed } from '../../features/feed/api';
import { NewAnswersPill } from '../../features/feed/NewAnswersPill';
import { cachedFeedAsOf } from '../../features/pwa/api';
import { useViewer } from '../../features/session/api';
import { forgetWelcomeDue, welcomeDue } from '../../features/welcome/api';
import { t, useDocumentTitle } from '../../i18n';

// only right after sign-up: its form and suggestions load when needed
const WelcomeStep = lazy(() => import('../../features/welcome/WelcomeStep').then((m) => ({ default: m.WelcomeStep })));
// only a new or quiet account sees it: its follow buttons and suggestions load when needed (budget, decision 147)
const EmptyFeed = lazy(() => import('../../features/feed/EmptyFeed').then((m) => ({ default: m.EmptyFeed })));

/** /home: answers of the people you follow. The list is pinned to `asOf` until the pill is tapped. */
export function HomeScreen() {
  useDocumentTitle(t('titles.home'));
  const queryClient = useQueryClient();
  // offline, the list kept on this device (its own `asOf`), else the one asked for as the app
  // started, else a fresh one pinned to now
  const [asOf, setAsOf] = useState(() => (!navigator.onLine && cachedFeedAsOf(queryClient)) || bootFeedAsOf() || new Date().toISOString());
  useEffect(forgetBootFeed, []);
  const feed = useFeed(asOf);
  const me = useViewer();
  const [welcoming, setWelcoming] = useState(() => welcomeDue(me.id));
  const title = useRef<HTMLHeadingElement>(null);
  const closeWelcome = () => {
    forgetWelcomeDue(me.id);
    setWelcoming(false);
    // the step's buttons are gone: the keyboard goes on from the screen's title
    title.current?.focus();
  };
  const { items: answers, pending } = useInfiniteScroll(feed);
  // when the pill is taken, the answers newer than the newest one shown slide in under it
  const [newestShown, setNewestShown] = useState<number | null>(null);
  const takeNewAnswers = () => {
    setNewestShown(answers[0] ? answeredTime(answers[0]) : 0);
    setAsOf(new Date().toISOString());
  };

  return (
    <div className="screen">
      <h1 ref={title} tabIndex={-1} className="screen-title">
        {t('navHome')}
      </h1>
      {welcoming && (
        <Suspense fallback={null}>
          <WelcomeStep onClose={closeWelcome} />
        </Suspense>
      )}
      {/* under the title, never over it; above an empty feed's text rather than on it */}
      <NewAnswersPill since={asOf} onReload={takeNewAnswers} inFlow={!pending && answers.length === 0} />
      {pending ? (
        <Loading query={feed} label={t('loadingFeed')} skeleton="answer" />
      ) : feed.isError ? (
        <LoadError error={feed.error} fallback={t('feedLoadError')} onRetry={() => void feed.refetch()} />
      ) : answers.length === 0 ? (
        <Suspense fallback={<EmptyState title={t('noPosts')} detail={t('followMore')} art="feed" />}>
          <EmptyFeed suggest={!welcoming} />
        </Suspense>
      ) : (
        <section aria-label={t('feed')}>
          {answers.map((answer) => (
            <AnswerCard key={answer.id} answer={answer} showReceiver arriving={newestShown !== null && answeredTime(answer) > newestShown} />
          ))}
          {feed.hasNextPage && <LoadMoreFooter />}
        </section>
      )}
    </div>
  );
}

const answeredTime = (answer: Answer) => Date.parse(answer.answeredAt ?? answer.createdAt);
