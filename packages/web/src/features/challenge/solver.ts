import { solveChallenge, type Challenge, type ChallengeParameters, type DeriveKeyFunctionResult } from 'altcha-lib';
import { deriveKey as subtleDeriveKey } from 'altcha-lib/algorithms/web/sha';
import { sha256 } from '@noble/hashes/sha2';

/**
 * Outside a secure context (an instance tried over plain http on a home network) browsers have no
 * crypto.subtle: the same SHA-256 rounds in JavaScript then, so signing up still works there.
 */
async function plainDeriveKey(parameters: ChallengeParameters, salt: Uint8Array, password: Uint8Array): Promise<DeriveKeyFunctionResult> {
  let key: Uint8Array = new Uint8Array(salt.length + password.length);
  key.set(salt);
  key.set(password, salt.length);
  for (let i = 0; i < Math.max(1, parameters.cost); i++) key = sha256(key);
  return { parameters: {}, derivedKey: key.slice(0, parameters.keyLength ?? 32) };
}

/** Solves a challenge (altcha-lib's solver) into the form field the server takes: base64 of `{ challenge, solution }`. */
export async function solve(challenge: Challenge): Promise<string> {
  const deriveKey = globalThis.crypto?.subtle ? subtleDeriveKey : plainDeriveKey;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return btoa(JSON.stringify({ challenge, solution }));
}
