import { useEffect } from 'react';
import { onBeforeLogout, useAppConfig } from '../session/api';
import { refreshIfStale, unsubscribeThisDevice } from './pushDevice';

/** While signed in: refresh a week-old subscription, and remove this device on logout. */
export function usePushMaintenance(): void {
  const { data: config } = useAppConfig();
  const vapidPublicKey = config?.vapidPublicKey;
  useEffect(() => onBeforeLogout(unsubscribeThisDevice), []);
  useEffect(() => {
    if (vapidPublicKey) refreshIfStale(vapidPublicKey).catch((error: unknown) => console.warn('push refresh failed', error));
  }, [vapidPublicKey]);
}
