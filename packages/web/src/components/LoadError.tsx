import { errorMessage } from '../api/client';
import { ErrorBox } from './ErrorBox';
import { t } from '../i18n';

/**
 * Something that failed to load: the reason (the server's words when it gave some, else
 * `fallback`) and a Retry button. Every screen shows a failed load this way.
 */
export function LoadError({ error, fallback, onRetry }: { error: unknown; fallback?: string; onRetry(): void }) {
  return (
    <ErrorBox>
      {errorMessage(error, fallback)}{' '}
      <button type="button" className="btn btn-secondary btn-small" onClick={onRetry}>
        {t('retry')}
      </button>
    </ErrorBox>
  );
}
