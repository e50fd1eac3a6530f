import { parentPort, threadId } from 'node:worker_threads';
import { renderCard } from './render.js';
import type { CardContent, CardFormat, CardTheme } from './types.js';

/**
 * A card-drawing thread (renderPool.ts): satori's layout and text-to-paths run here, so a card of
 * long or hostile text never holds up the server's event loop. One card at a time per thread.
 */
export interface DrawRequest {
  id: number;
  content: CardContent;
  format: CardFormat;
  theme: CardTheme;
}
export type DrawReply = { id: number; png: Uint8Array; threadId: number } | { id: number; error: string };

parentPort?.on('message', (request: DrawRequest) => {
  renderCard(request.content, request.format, request.theme).then(
    (png) => parentPort?.postMessage({ id: request.id, png, threadId } satisfies DrawReply),
    (error: unknown) => parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies DrawReply),
  );
});
