import type { PushPayload } from '@askbox/common';
import type { RequestDetails } from 'web-push';
import { onFirstUse } from '../firstUse.js';
import type { OutboundClient } from '../net/outbound.js';
import { OutboundAddressError } from '../net/outboundAddress.js';
import type { PushEndpointPolicy } from './endpoint.js';
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

/** How push requests leave the server: the endpoint policy (checked when saved) and the one outgoing-request path, which judges each send again. */
export interface PushTransport {
  policy: PushEndpointPolicy;
  outbound: OutboundClient;
}

/** web-push, loaded by the first notification to send (decision 195) */
export const loadWebPush = onFirstUse(async () => (await import('web-push')).default);

/**
 * Encrypts (aes128gcm) and signs (VAPID) with web-push, then sends the request ourselves through
 * the outgoing-request path (its address guard on the push service, no redirects). Never throws:
 * whatever goes wrong with one device is that device's result.
 */
export async function deliver(
  subscription: Subscription,
  payload: PushPayload,
  vapid: VapidKeys,
  transport: PushTransport,
  topic?: string,
): Promise<DeliveryResult> {
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
    const response = await transport.outbound.request(details.endpoint, {
      method: details.method as 'POST',
      headers: Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)])),
      body: details.body ?? undefined,
      maxRedirects: 0,
      maxBytes: 64 * 1024,
      timeoutMs: 15_000,
    });
    if (response.status >= 200 && response.status < 300) return 'delivered';
    if (response.status === 404 || response.status === 410) return 'gone';
    return { error: `push service answered ${response.status}` };
  } catch (error) {
    // DNS can fail for a while; a refused address or scheme will not get better
    if (error instanceof OutboundAddressError && !/Cannot resolve/.test(error.message)) return 'gone';
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
