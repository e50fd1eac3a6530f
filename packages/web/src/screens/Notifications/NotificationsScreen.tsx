import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { messages, type NotificationTab } from '@askbox/common';
import { errorMessage } from '../../api/client';
import { Spinner } from '../../components/Spinner';
import { ActivityList } from '../../features/notifications/ActivityList';
import { AnswerNotificationsList } from '../../features/notifications/AnswerNotificationsList';
import { useActivity, useAnswerNotifications, useCounters, useMarkRead } from '../../features/notifications/api';
import styles from '../../features/notifications/Notifications.module.css';

const tabs: { id: NotificationTab; label: string }[] = [
  { id: 'activity', label: messages.activity },
  { id: 'answers', label: messages.answers },
];

/** Two tabs (spec §2); opening a tab, or viewing it while it has unread items, marks it read. */
export function NotificationsScreen() {
  const [tab, setTab] = useState<NotificationTab>('activity');
  const activity = useActivity();
  const answers = useAnswerNotifications();
  const { data: counters } = useCounters();
  const markRead = useMarkRead();
  const tabRefs = useRef<Record<NotificationTab, HTMLButtonElement | null>>({ activity: null, answers: null });

  const current = tab === 'activity' ? activity : answers;
  const hasUnread = current.data?.items.some((i) => i.unread) ?? false;
  const { mutate } = markRead;
  useEffect(() => {
    mutate(tab);
  }, [tab, mutate]);
  // new items arriving while the tab is open are read too
  useEffect(() => {
    if (hasUnread) mutate(tab);
  }, [hasUnread, current.dataUpdatedAt]); // eslint-disable-line react-hooks/exhaustive-deps

  const unreadOf = (id: NotificationTab) => (id === 'activity' ? counters?.unreadActivity : counters?.unreadAnswers) ?? 0;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = tab === 'activity' ? 'answers' : 'activity';
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="screen">
      <h1 className="screen-title">{messages.navNotifications}</h1>
      <div role="tablist" aria-label={messages.navNotifications} className={styles.tabs} onKeyDown={onKeyDown}>
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
            {label}
            {tab !== id && unreadOf(id) > 0 && (
              <>
                <span className={styles.dot} aria-hidden>
                  {unreadOf(id) > 99 ? '99+' : unreadOf(id)}
                </span>
                <span className="visually-hidden">, {unreadOf(id)} unread</span>
              </>
            )}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {current.isPending ? (
          <Spinner />
        ) : current.isError ? (
          <div className="error-box" role="alert">
            {errorMessage(current.error)}{' '}
            <button type="button" className="btn btn-small btn-secondary" onClick={() => void current.refetch()}>
              Try again
            </button>
          </div>
        ) : tab === 'activity' ? (
          <ActivityList items={activity.data?.items ?? []} />
        ) : (
          <AnswerNotificationsList items={answers.data?.items ?? []} />
        )}
      </div>
    </div>
  );
}
