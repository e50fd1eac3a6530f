import https from 'node:https';
import type { PushPayload } from '@askbox/common';
import type { RequestDetails } from 'web-push';
import { onFirstUse } from '../firstUse.js';
import { assertPushEndpoint, PushSubscriptionError, type PushEndpointPolicy } from './endpoint.js';
import type { VapidKeys } from './vapid.js';

export interface Subscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * 'gone' = the push service forgot this subscription (404/410), or it can no longer be used (its
 * keys are bad, its address is refused): delete it.
 */
export type DeliveryResult = 'delivered' | 'gone' | { error: string };

/** How push requests leave the server: the endpoint policy (checked again before each send) and the agent. */
export interface PushTransport {
  policy: PushEndpointPolicy;
  agent: https.Agent;
}

/** web-push, loaded by the first notification to send (decision 195) */
export const loadWebPush = onFirstUse(async () => (await import('web-push')).default);

/**
 * Encrypts (aes128gcm) and signs (VAPID) with web-push, then sends the request ourselves through
 * the guarded agent. Never throws: whatever goes wrong with one device is that device's result.
 */
export async function deliver(
  subscription: Subscription,
  payload: PushPayload,
  vapid: VapidKeys,
  transport: PushTransport,
  topic?: string,
): Promise<DeliveryResult> {
  try {
    await assertPushEndpoint(subscription.endpoint, transport.policy);
  } catch (error) {
    // DNS can fail for a while; a refused address or scheme will not get better
    if (error instanceof PushSubscriptionError && !/Cannot resolve/.test(error.message)) return 'gone';
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const webpush = await loadWebPush();
  let details: RequestDetails;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      { vapidDetails: vapid, TTL: 24 * 3600, contentEncoding: 'aes128gcm', urgency: 'normal', ...(topic ? { topic } : {}) },
    );
  } catch {
    return 'gone'; // keys that cannot encrypt (saved before they were checked): this device cannot be reached
  }
  try {
    const status = await send(details.endpoint, details.method, details.headers as Record<string, string | number>, details.body, transport.agent);
    if (status >= 200 && status < 300) return 'delivered';
    if (status === 404 || status === 410) return 'gone';
    return { error: `push service answered ${status}` };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function send(endpoint: string, method: string, headers: Record<string, string | number>, body: Buffer | null, agent: https.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = https.request(new URL(endpoint), { method, headers, timeout: 15000, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('timeout', () => request.destroy(new Error('push service timed out')));
    request.on('error', reject);
    if (body) request.write(body);
    request.end();
  });
}
