// no zod here: the web's first screens split mentions (the look-up's schemas are in mentionLookup.ts)
export type TextSegment = { kind: 'text'; text: string } | { kind: 'mention'; username: string; text: string };

// A mention is @ followed by a username, not preceded by a word character (so emails stay text).
const MENTION = /(^|[^A-Za-z0-9_])@([A-Za-z0-9_]{1,30})/g;

/** Splits user text into plain text and @mentions; the caller renders mentions as links. */
export function splitMentions(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    const start = (match.index ?? 0) + match[1]!.length;
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start) });
    const username = match[2]!.toLowerCase();
    segments.push({ kind: 'mention', username, text: `@${match[2]}` });
    last = start + 1 + match[2]!.length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

/** How many usernames one mention look-up may ask about (a page of posts rarely names more). */
export const MAX_MENTION_LOOKUP = 50;
