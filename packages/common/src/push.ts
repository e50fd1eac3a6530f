// Zod-free on purpose: the service worker imports this file alone ('@askbox/common/push').

/** `data` of a push_notifications row: what the service worker reads to show and open a notification. */
export type PushData =
  | { type: 'like'; likerId: string; likerUsername: string; postId: string; timestamp: string }
  | { type: 'follow'; followerId: string; followerUsername: string; timestamp: string }
  | { type: 'question'; senderId: string | null; senderUsername: string | null; isAnonymous: boolean; timestamp: string }
  | { type: 'reply'; replyId: string; replierId: string; replierUsername: string; postId: string; ownerUsername: string; timestamp: string };

/** What a push message carries to the service worker. */
export interface PushPayload {
  title: string;
  body: string;
  data: PushData;
}

/** The screen a push notification opens on click. */
export function pushTargetUrl(data: PushData): string {
  if (data.type === 'like') return `/profile#post-${data.postId}`;
  if (data.type === 'follow') return `/u/${data.followerUsername}`;
  if (data.type === 'reply') return `/u/${data.ownerUsername}/answers/${data.postId}`;
  return '/questions';
}
