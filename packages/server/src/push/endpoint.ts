import crypto from 'node:crypto';
import { AppError } from '../errors.js';
import { assertPublicHttpsUrl, OutboundAddressError } from '../net/outboundAddress.js';

/**
 * Where push messages may go: a push endpoint is an address a user gives us, so it
 * passes the same outgoing-address guard as federation: https only, a public host (checked when
 * saved, and at each send by the outgoing-request path, net/outbound.ts), and, when the operator lists them, one of the
 * allowed push services.
 */
export interface PushEndpointPolicy {
  /** PUSH_SERVICES: host names or `*.domain` patterns; empty = any public https host. */
  allowedServices: readonly string[];
  /** Tests only (PUSH_ALLOW_PRIVATE_ADDRESSES): a push service played by this machine. */
  allowPrivateAddresses: boolean;
}

/** A subscription Askbox refuses: the API sends it as it is, the worker drops the subscription. */
export class PushSubscriptionError extends AppError<'push_endpoint_refused' | 'push_key_invalid' | 'push_auth_invalid'> {}

/** Throws a PushSubscriptionError unless `endpoint` may receive pushes. */
export async function assertPushEndpoint(endpoint: string, policy: PushEndpointPolicy): Promise<URL> {
  try {
    return await assertPublicHttpsUrl(endpoint, {
      allow: policy.allowPrivateAddresses ? 'private' : undefined,
      allowedHosts: policy.allowedServices,
    });
  } catch (error) {
    if (error instanceof OutboundAddressError) throw new PushSubscriptionError('push_endpoint_refused', { reason: error.message });
    throw error;
  }
}

/**
 * The keys a browser gives with its subscription: p256dh an uncompressed P-256 public key (65
 * bytes, a point on the curve), auth a 16-byte secret. A bad key used to throw in the worker,
 * outside its error handling, and stall everyone's notifications.
 */
export function assertSubscriptionKeys(keys: { p256dh: string; auth: string }): void {
  const point = decodeBase64Url(keys.p256dh);
  if (!point || point.length !== 65 || point[0] !== 4 || !isCurvePoint(point)) throw new PushSubscriptionError('push_key_invalid');
  const auth = decodeBase64Url(keys.auth);
  if (!auth || auth.length !== 16) throw new PushSubscriptionError('push_auth_invalid');
}

function decodeBase64Url(value: string): Buffer | null {
  const normalized = value.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return /^[A-Za-z0-9_-]+$/.test(normalized) ? Buffer.from(normalized, 'base64url') : null;
}

function isCurvePoint(point: Buffer): boolean {
  try {
    crypto.createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}
