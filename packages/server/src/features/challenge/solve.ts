import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/** Solves a challenge as a browser does, into the form field the routes take (tests and the CLI demo). */
export async function solveChallengeField(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
