// no zod here: the web's first screens split mentions (the look-up's schemas are in mentionLookup.ts)
export type TextSegment =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; username: string; text: string }
  /** `text`: the address as shown, shortened; `href` the whole of it (http or https only). */
  | { kind: 'link'; href: string; text: string };

// A mention is @ followed by a username, not preceded by a word character (so emails stay text).
const MENTION = /(^|[^A-Za-z0-9_])@([A-Za-z0-9_]{1,30})/g;

// An address people paste: http(s)://, then anything but spaces and quotes/brackets that end prose.
const LINK = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// Punctuation that ends the sentence, not the address ('see https://x.org/a.' or '(https://x.org)').
const TRAILING = /[.,;:!?…)\]}*_]+$/;

/** How long a shown address may be before it is cut with '…' (the link keeps the whole of it). */
export const SHOWN_LINK_LENGTH = 32;

/** An address as shown: without its scheme, 'www.' and a lone trailing slash, cut to fit. */
export function shortLinkText(href: string): string {
  const shown = href.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/$/, '');
  return shown.length > SHOWN_LINK_LENGTH ? `${shown.slice(0, SHOWN_LINK_LENGTH - 1)}…` : shown;
}

/** Where the address that starts `candidate` ends: closing punctuation stays prose unless it closes a '(' of the address. */
function linkLength(candidate: string): number {
  let end = candidate.length;
  for (;;) {
    const trailing = TRAILING.exec(candidate.slice(0, end));
    if (!trailing) return end;
    const body = candidate.slice(0, end);
    // keep a ')' the address opened, as in https://en.wikipedia.org/wiki/Foo_(bar)
    if (body.endsWith(')') && (body.match(/\(/g)?.length ?? 0) >= (body.match(/\)/g)?.length ?? 0)) return end;
    end -= 1;
  }
}

function splitMentionsOnly(text: string, segments: TextSegment[]): void {
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    const start = (match.index ?? 0) + match[1]!.length;
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start) });
    const username = match[2]!.toLowerCase();
    segments.push({ kind: 'mention', username, text: `@${match[2]}` });
    last = start + 1 + match[2]!.length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
}

/**
 * Splits user text into plain text, @mentions and http(s) links; the caller renders mentions and
 * links as links. An @ inside an address (https://mastodon.social/@bob) belongs to the address.
 */
export function splitMentions(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index ?? 0;
    const href = match[0].slice(0, linkLength(match[0]));
    if (!/^https?:\/\/[^/?#]+\.[^/?#]/i.test(href) && !/^https?:\/\/localhost\b/i.test(href)) continue; // not an address: 'http://.'
    if (start > last) splitMentionsOnly(text.slice(last, start), segments);
    segments.push({ kind: 'link', href, text: shortLinkText(href) });
    last = start + href.length;
  }
  if (last < text.length) splitMentionsOnly(text.slice(last), segments);
  return segments;
}

/** How many usernames one mention look-up may ask about (a page of posts rarely names more). */
export const MAX_MENTION_LOOKUP = 50;
