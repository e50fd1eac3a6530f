/**
 * Live events sent over GET /api/events; the web app marks queries stale by `type`. Kept apart from
 * the schemas so the web's first screen imports it without zod.
 */
export const liveEventTypes = ['question', 'answer', 'notification', 'counters', 'resync', 'reports', 'settings'] as const;
export type LiveEventType = (typeof liveEventTypes)[number];
/**
 * Events that end a session's live streams: `logout` is never sent (the stream just ends);
 * `suspended` is sent first, so an open app says why it signed out.
 */
export type SessionEndEvent = 'logout' | 'suspended';
