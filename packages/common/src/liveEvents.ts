/**
 * Live events sent over GET /api/events; the web app marks queries stale by `type`. Kept apart from
 * the schemas so the web's first screen imports it without zod.
 */
export const liveEventTypes = ['question', 'answer', 'notification', 'counters', 'resync', 'reports'] as const;
export type LiveEventType = (typeof liveEventTypes)[number];
