/** Keeps the signed-in app live (SSE /api/events). Filled in by the notifications feature. */
export function LiveUpdates() {
  return null;
}
