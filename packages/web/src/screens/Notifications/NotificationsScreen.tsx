import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { UserPlus } from 'lucide-react';
import { badgeText, type NotificationTab } from '@askbox/common';
import { LoadError } from '../../components/LoadError';
import { SkeletonList } from '../../components/Skeleton';
import { ActivityGroups } from '../../features/notifications/ActivityGroups';
import { AnswerNotificationsList } from '../../features/notifications/AnswerNotificationsList';
import { useInfiniteScroll, useShownPending } from '../../components/useInfiniteScroll';
import { LoadMoreFooter } from '../../components/LoadMoreFooter';
import { useActivityGroups, useAnswerNotifications, useCounters, useMarkRead } from '../../features/notifications/api';
import { useAppConfig } from '../../features/session/api';
import styles from './Notifications.module.css';
import { t, useDocumentTitle } from '../../i18n';

const tabs = [
  { id: 'activity', label: 'activity' },
  { id: 'answers', label: 'answers' },
] as const satisfies readonly { id: NotificationTab; label: string }[];

/** Two tabs; opening a tab, or viewing it while it has unread items, marks it read. */
export function NotificationsScreen() {
  useDocumentTitle(t('titles.notifications'));
  const [tab, setTab] = useState<NotificationTab>('activity');
  const activity = useActivityGroups();
  const { items: groups, pending: activityPending } = useInfiniteScroll(activity);
  const answers = useAnswerNotifications();
  const { data: counters } = useCounters();
  const markRead = useMarkRead();
  // the team approves sign-ups in approval mode (decision 280): how many wait, and the way to them
  const approvals = useAppConfig().data?.signup.registrations === 'approval';
  const signupsWaiting = approvals ? (counters?.pendingSignups ?? 0) : 0;
  const tabRefs = useRef<Record<NotificationTab, HTMLButtonElement | null>>({ activity: null, answers: null });

  const current = tab === 'activity' ? activity : answers;
  // the answers tab is one page (no infinite scroll): its own deferred loading state
  const answersPending = useShownPending(answers);
  const pending = tab === 'activity' ? activityPending : answersPending;
  const hasUnread = tab === 'activity' ? groups.some((g) => g.unread) : (answers.data?.items.some((i) => i.unread) ?? false);
  const { mutate } = markRead;
  // opening a tab marks it read, and so does every load that brings unread items while it is open
  const unreadLoadedAt = hasUnread ? current.dataUpdatedAt : null;
  useEffect(() => {
    mutate(tab);
  }, [tab, unreadLoadedAt, mutate]);

  const unreadOf = (id: NotificationTab) => (id === 'activity' ? counters?.unreadActivity : counters?.unreadAnswers) ?? 0;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = tab === 'activity' ? 'answers' : 'activity';
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="screen">
      <h1 className="screen-title">{t('navNotifications')}</h1>
      {signupsWaiting > 0 && (
        <Link to="/settings/moderation" className={`card ${styles.signups}`}>
          <UserPlus size={18} aria-hidden />
          {t('signupsWaiting', { count: signupsWaiting })}
        </Link>
      )}
      <div role="tablist" aria-label={t('navNotifications')} className={styles.tabs} onKeyDown={onKeyDown}>
        {tabs.map(({ id, label }) => (
          <button
            key={id}
            ref={(el) => {
              tabRefs.current[id] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-controls={`panel-${id}`}
            aria-selected={tab === id}
            tabIndex={tab === id ? 0 : -1}
            className={styles.tab}
            onClick={() => setTab(id)}
          >
            {t(label)}
            {tab !== id && unreadOf(id) > 0 && (
              <>
                <span className={styles.dot} aria-hidden>
                  {badgeText(unreadOf(id))}
                </span>
                <span className="visually-hidden">{t('unreadCount', { count: unreadOf(id) })}</span>
              </>
            )}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {pending ? (
          <SkeletonList kind={tab === 'activity' ? 'row' : 'question'} count={4} />
        ) : current.isError ? (
          <LoadError error={current.error} onRetry={() => void current.refetch()} />
        ) : tab === 'activity' ? (
          <>
            <ActivityGroups groups={groups} />
            {activity.hasNextPage && <LoadMoreFooter />}
          </>
        ) : (
          <AnswerNotificationsList items={answers.data?.items ?? []} />
        )}
      </div>
    </div>
  );
}
