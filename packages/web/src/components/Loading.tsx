import type { FetchStatus } from '@tanstack/react-query';
import { t } from '../i18n';
import { ErrorBox } from './ErrorBox';
import { Spinner } from './Spinner';

/**
 * A list that has no data yet: the spinner while it loads, but an honest word instead of an
 * endless spinner when the request waits for the network (offline, nothing kept on this device);
 * the query carries on by itself when the network is back.
 */
export function Loading({ query, label }: { query: { fetchStatus: FetchStatus }; label: string }) {
  if (query.fetchStatus === 'paused') return <ErrorBox>{t('offlineNothingKept')}</ErrorBox>;
  return <Spinner label={label} />;
}
