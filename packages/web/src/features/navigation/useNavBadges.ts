/**
 * Counts shown on the tab bar: unanswered questions received and unread notifications.
 * The notifications feature keeps these live; until it does they are zero.
 */
export function useNavBadges(): { questions: number; notifications: number } {
  return { questions: 0, notifications: 0 };
}
