import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { PushPayload } from '@askbox/common';
import type { VapidKeys } from './vapid.js';

export interface Subscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** 'gone' = the push service forgot this subscription (404/410): delete it. */
export type DeliveryResult = 'delivered' | 'gone' | { error: string };

/**
 * Encrypts (aes128gcm) and signs (VAPID) with web-push, then sends the request ourselves:
 * web-push's own sender only speaks https, and a self-hosted push service may not.
 */
export async function deliver(subscription: Subscription, payload: PushPayload, vapid: VapidKeys): Promise<DeliveryResult> {
  const details = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    { vapidDetails: vapid, TTL: 24 * 3600, contentEncoding: 'aes128gcm', urgency: 'normal' },
  );
  try {
    const status = await send(details.endpoint, details.method, details.headers as Record<string, string | number>, details.body);
    if (status >= 200 && status < 300) return 'delivered';
    if (status === 404 || status === 410) return 'gone';
    return { error: `push service answered ${status}` };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function send(endpoint: string, method: string, headers: Record<string, string | number>, body: Buffer | null): Promise<number> {
  const url = new URL(endpoint);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(url, { method, headers, timeout: 15000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('timeout', () => request.destroy(new Error('push service timed out')));
    request.on('error', reject);
    if (body) request.write(body);
    request.end();
  });
}
