import type { FetchStatus } from '@tanstack/react-query';
import { t } from '../i18n';
import { ErrorBox } from './ErrorBox';
import { SkeletonList } from './Skeleton';
import { Spinner } from './Spinner';

/**
 * A list that has no data yet: the spinner while it loads, but an honest word instead of an
 * endless spinner when the request waits for the network (offline, nothing kept on this device);
 * the query carries on by itself when the network is back. `skeleton`: the shape of the cards to
 * come instead of a spinner, so nothing jumps when they arrive.
 */
export function Loading({ query, label, skeleton }: { query: { fetchStatus: FetchStatus }; label: string; skeleton?: 'answer' | 'question' }) {
  if (query.fetchStatus === 'paused') return <ErrorBox>{t('offlineNothingKept')}</ErrorBox>;
  return skeleton ? <SkeletonList kind={skeleton} label={label} /> : <Spinner label={label} />;
}
