import { z } from 'zod';
import { en } from './i18n/en.js';

/**
 * The receiver's safety tools: muted words, blocking the asker of an inbox
 * question without learning who it was, refusing anonymous questions (a settings field).
 */

/** A muted-words list holds at most this many entries of at most this many characters. */
export const MUTED_WORDS_MAX = 100;
export const MUTED_WORD_MAX_LENGTH = 50;

/** Server messages of these tools (English; the web shows them in the user's language). */
export const safetyMessages = en.safety.errors;

/**
 * Folds text for matching: Unicode compatibility forms, accents removed, lower case. 'Café',
 * 'CAFE' and 'ｃａｆé' all become 'cafe'.
 */
export function foldForMatching(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .normalize('NFC');
}

/** A muted word as stored and shown: trimmed, inner spaces collapsed, lower case (accents kept). */
export function normalizeMutedWord(word: string): string {
  return word.normalize('NFC').trim().replace(/\s+/gu, ' ').toLowerCase();
}

const wordCharacter = /[\p{L}\p{N}_]/u;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `text` contains one of `words` as a whole word (or phrase): case-insensitive, accents
 * folded, Unicode letters and digits as word characters, so 'ass' does not match 'class' and
 * 'élan' matches 'ELAN!' (an emoji or a symbol matches wherever it is). Returns the first matching word, or null.
 */
export function findMutedWord(text: string, words: readonly string[]): string | null {
  const folded = foldForMatching(text);
  for (const word of words) {
    const needle = foldForMatching(normalizeMutedWord(word));
    if (needle.length === 0) continue;
    // like \b, for any script: a boundary is needed only where the word itself starts or ends with a word character
    const before = wordCharacter.test(needle.at(0)!) ? '(?<![\\p{L}\\p{N}_])' : '';
    const after = wordCharacter.test(needle.at(-1)!) ? '(?![\\p{L}\\p{N}_])' : '';
    const pattern = new RegExp(`${before}${escapeRegExp(needle).replace(/ /g, '\\s+')}${after}`, 'u');
    if (pattern.test(folded)) return word;
  }
  return null;
}

export const mutedWordSchema = z
  .string({ error: safetyMessages.mutedWordRequired })
  .transform(normalizeMutedWord)
  .pipe(z.string().min(1, safetyMessages.mutedWordRequired).max(MUTED_WORD_MAX_LENGTH, safetyMessages.mutedWordTooLong));

export const addMutedWordSchema = z.object({ word: mutedWordSchema }).strict();
export type AddMutedWordInput = z.input<typeof addMutedWordSchema>;
export const mutedWordParamsSchema = z.object({ word: mutedWordSchema });

export const mutedWordListSchema = z.object({ items: z.array(z.object({ word: z.string(), createdAt: z.string() })) });
export type MutedWordList = z.infer<typeof mutedWordListSchema>;

/**
 * An entry of Settings › Blocked users made with 'Block this asker' on an anonymous question:
 * the question's text and date, never who sent it.
 */
export const blockedAskerSchema = z.object({
  id: z.string(),
  questionText: z.string(),
  questionCreatedAt: z.string(),
  blockedAt: z.string(),
});
export type BlockedAsker = z.infer<typeof blockedAskerSchema>;
export const blockedAskerListSchema = z.object({ items: z.array(blockedAskerSchema) });
export type BlockedAskerList = z.infer<typeof blockedAskerListSchema>;
export const blockedAskerParamsSchema = z.object({ id: z.string().min(1).max(100) });
