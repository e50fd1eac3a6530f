import { messages } from '@askbox/common';
import { errorMessage } from '../api/client';

/** A list that failed to load: the reason (the server's words when it gave some) and a Retry button. */
export function LoadError({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry(): void }) {
  return (
    <div className="error-box" role="alert">
      {errorMessage(error, fallback)}{' '}
      <button type="button" className="btn btn-secondary btn-small" onClick={onRetry}>
        {messages.retry}
      </button>
    </div>
  );
}
