import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useCounters } from '../notifications/api';

/** On /notifications the nav badge clears after 0.5 s. */
const CLEAR_ON_NOTIFICATIONS_MS = 500;

/**
 * Counts shown on the tab bar: unanswered questions received and unread notifications
 * (activity + answers). Kept live by LiveUpdates invalidating ['counters'].
 */
export function useNavBadges(): { questions: number; notifications: number } {
  const { data } = useCounters();
  const { pathname } = useLocation();
  const onNotifications = pathname === '/notifications';
  const [cleared, setCleared] = useState(false);
  const unread = (data?.unreadActivity ?? 0) + (data?.unreadAnswers ?? 0);
  // opening the screen marks it read at once; the badge still shows what was unread for 0.5 s
  const unreadBeforeOpening = useRef(unread);
  if (!onNotifications) unreadBeforeOpening.current = unread;
  useEffect(() => {
    if (!onNotifications) {
      setCleared(false);
      return;
    }
    const timer = setTimeout(() => setCleared(true), CLEAR_ON_NOTIFICATIONS_MS);
    return () => clearTimeout(timer);
  }, [onNotifications]);
  return {
    questions: data?.unansweredQuestions ?? 0,
    notifications: onNotifications ? (cleared ? 0 : unreadBeforeOpening.current) : unread,
  };
}
