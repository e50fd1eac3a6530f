import crypto from 'node:crypto';

/**
 * A software WebAuthn authenticator for server tests: one ES256 key, 'none' attestation, user
 * present and verified. It answers the options the server hands out exactly as a browser would
 * pass an authenticator's answer on (WebAuthn's JSON), so the server's checks run for real.
 */
const b64url = (bytes: Uint8Array | Buffer | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => crypto.createHash('sha256').update(data).digest();

/** Just enough CBOR (RFC 8949) for an attestation object and a COSE key: maps, small integers, text, bytes. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) =>
    n < 24 ? Buffer.from([(major << 5) | n]) : n < 256 ? Buffer.from([(major << 5) | 24, n]) : Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (value instanceof Map) return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  throw new Error(`cbor: ${typeof value}`);
}

export function softwareAuthenticator(origin: string) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = crypto.randomBytes(16);
  const rpIdHash = sha256(new URL(origin).hostname);
  let signCount = 0;
  const flags = (extra: number, userVerified = true) => Buffer.from([0x01 | (userVerified ? 0x04 : 0) | extra]);
  const counter = () => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(signCount);
    return bytes;
  };
  const clientData = (type: string, challenge: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    id: b64url(credentialId),
    /** The answer to navigator.credentials.create(options). */
    register(options: { challenge: string }) {
      const coseKey = cbor(
        new Map<number, unknown>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const length = Buffer.from([credentialId.length >> 8, credentialId.length & 0xff]);
      const authData = Buffer.concat([rpIdHash, flags(0x40), counter(), Buffer.alloc(16), length, credentialId, coseKey]);
      const attestationObject = cbor(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    /** The answer to navigator.credentials.get(options); `userVerified: false` when only presence was checked (a bare security key). */
    authenticate(options: { challenge: string }, { userVerified = true } = {}) {
      signCount += 1;
      const authenticatorData = Buffer.concat([rpIdHash, flags(0, userVerified), counter()]);
      const clientDataJSON = clientData('webauthn.get', options.challenge);
      const signature = crypto.sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(signature) },
        clientExtensionResults: {},
      };
    },
  };
}
