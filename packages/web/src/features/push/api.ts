import { useEffect } from 'react';
import { api } from '../../api/client';
import { onBeforeLogout, useAppConfig } from '../session/api';

// This device's Web Push subscription: subscribe, keep it fresh, remove it on logout.

/** localStorage key: when this device last saved its subscription on the server. */
const SAVED_AT_KEY = 'askbox.push.savedAt';
/** The push token is refreshed when older than 7 days. */
export const REFRESH_AFTER_MS = 7 * 24 * 3600 * 1000;
/** The PWA's service worker may not be registered (yet): never wait on it longer than this. */
const WORKER_TIMEOUT_MS = 4000;

/**
 * 'Skip for now' on notifications setup is remembered on this device, per account: later sign-ins
 * go straight on to /home (Settings still turns notifications on).
 */
const setupSkippedKey = (userId: string) => `askbox.push.setupSkipped.${userId}`;

export function rememberSetupSkipped(userId: string): void {
  try {
    localStorage.setItem(setupSkippedKey(userId), '1');
  } catch {
    // storage refused (private mode, quota): the setup is offered again next time, as before
  }
}

export function setupSkipped(userId: string): boolean {
  try {
    return localStorage.getItem(setupSkippedKey(userId)) === '1';
  } catch {
    return false;
  }
}

export function isPushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))]);
}

/** The active service worker registration, or undefined when there is none within the timeout. */
export async function activeRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!isPushSupported()) return undefined;
  const registration = await withTimeout(navigator.serviceWorker.getRegistration(), WORKER_TIMEOUT_MS);
  if (!registration) return undefined;
  if (registration.active) return registration;
  return withTimeout(navigator.serviceWorker.ready, WORKER_TIMEOUT_MS);
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function save(subscription: PushSubscription): Promise<void> {
  const json = subscription.toJSON();
  await api.post('/api/push/subscriptions', { endpoint: json.endpoint, keys: json.keys });
  localStorage.setItem(SAVED_AT_KEY, String(Date.now()));
}

/** Subscribes this device (permission must be granted) and saves it; throws on any failure. */
export async function subscribeThisDevice(vapidPublicKey: string): Promise<void> {
  const registration = await activeRegistration();
  if (!registration) throw new Error('no service worker');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidPublicKey) }));
  await save(subscription);
}

/** Re-saves this device's subscription when the last save is older than 7 days (or unknown). */
export async function refreshIfStale(vapidPublicKey: string): Promise<void> {
  if (!isPushSupported() || Notification.permission !== 'granted') return;
  const savedAt = Number(localStorage.getItem(SAVED_AT_KEY) ?? 0);
  if (Date.now() - savedAt < REFRESH_AFTER_MS) return;
  await subscribeThisDevice(vapidPublicKey);
}

/** Logout: this device stops receiving this user's notifications. */
export async function unsubscribeThisDevice(): Promise<void> {
  localStorage.removeItem(SAVED_AT_KEY);
  const registration = await activeRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await api.delete('/api/push/subscriptions', { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}

/** While signed in: refresh a week-old subscription, and remove this device on logout. */
export function usePushMaintenance(): void {
  const { data: config } = useAppConfig();
  const vapidPublicKey = config?.vapidPublicKey;
  useEffect(() => onBeforeLogout(unsubscribeThisDevice), []);
  useEffect(() => {
    if (vapidPublicKey) refreshIfStale(vapidPublicKey).catch((error: unknown) => console.warn('push refresh failed', error));
  }, [vapidPublicKey]);
}
