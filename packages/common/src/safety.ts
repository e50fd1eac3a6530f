import { z } from 'zod';
import { errorCode } from './errors.js';
import { MUTED_WORD_MAX_LENGTH } from './limits.js';

/**
 * The receiver's safety tools: muted words, blocking the asker of an inbox
 * question without learning who it was, refusing anonymous questions (a settings field).
 */

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
 * The characters written in place of a letter to slip past a filter, both ways: a muted 'ass'
 * catches '@$$' and '4ss', a muted 'h0t' catches 'hot'. '1' stands for both 'i' and 'l', which
 * stay distinct from each other.
 */
const lookAlikes: Readonly<Record<string, string>> = {
  a: 'a4@',
  '4': '4a',
  '@': '@a',
  e: 'e3',
  '3': '3e',
  i: 'i1',
  l: 'l1',
  '1': '1il',
  o: 'o0',
  '0': '0o',
  s: 's5$',
  '5': '5s',
  $: '$s',
};

/** One character of a muted word as a pattern: any of its look-alikes, repeated ('uuugly'). */
function characterPattern(character: string): string {
  if (/\s/u.test(character)) return '\\s+';
  const alikes = lookAlikes[character];
  const set = alikes ? `[${escapeRegExp(alikes)}]` : escapeRegExp(character);
  return wordCharacter.test(character) || alikes ? `${set}+` : set;
}

/** Simple inflections a muted word ending in a letter also catches: 'spoiler' → 'Spoilers', 'spoiled', 'spoiling'. */
const inflection = '(?:[s5$]|e[s5$]|ed|d|ing)?';

/**
 * Whether `text` contains one of `words` as a whole word (or phrase): case-insensitive, accents
 * folded, Unicode letters and digits as word characters, so 'ass' does not match 'class' and
 * 'élan' matches 'ELAN!' (an emoji or a symbol matches wherever it is). Look-alike digits and
 * symbols, repeated letters and simple inflections match too (decision 260). Returns the first
 * matching word, or null.
 */
export function findMutedWord(text: string, words: readonly string[]): string | null {
  const folded = foldForMatching(text);
  for (const word of words) {
    const needle = foldForMatching(normalizeMutedWord(word));
    if (needle.length === 0) continue;
    // like \b, for any script: a boundary is needed only where the word itself starts or ends with a word character
    const before = wordCharacter.test(needle.at(0)!) ? '(?<![\\p{L}\\p{N}_])' : '';
    const endsInLetter = /\p{L}/u.test(needle.at(-1)!);
    const after = wordCharacter.test(needle.at(-1)!) ? '(?![\\p{L}\\p{N}_])' : '';
    const body = Array.from(needle, characterPattern).join('');
    const pattern = new RegExp(`${before}${body}${endsInLetter ? inflection : ''}${after}`, 'u');
    if (pattern.test(folded)) return word;
  }
  return null;
}

export const mutedWordSchema = z
  .string({ error: errorCode('muted_word_required') })
  .transform(normalizeMutedWord)
  .pipe(z.string().min(1, errorCode('muted_word_required')).max(MUTED_WORD_MAX_LENGTH, errorCode('muted_word_too_long')));

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
