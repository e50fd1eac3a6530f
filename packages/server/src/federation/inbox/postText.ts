import { MAX_TEXT_LENGTH, textLength } from '@askbox/common';

/**
 * A remote post's HTML made into the plain text of a question: tags stripped (a mention or a link
 * keeps its visible text), paragraphs and line breaks kept as new lines, entities decoded, control
 * characters gone, the mentions it starts with removed, and cut at a word with '…' when longer
 * than a question may be. Never parsed into a DOM: the text is only ever shown as text.
 */
export function questionTextOfPost(html: string, max = MAX_TEXT_LENGTH): string {
  const text = decodeEntities(
    html
      .slice(0, 100_000)
      .replace(/<(script|style)[\s>][\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|li|blockquote|h[1-6])\s*>/gi, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
  return cutAtWord(withoutLeadingMentions(text), max);
}

/** `@alice@askbox.host @bob What…` → `What…`: the people a post is addressed to are not part of the question. */
function withoutLeadingMentions(text: string): string {
  return text.replace(/^(?:@[\p{L}\p{N}_.-]+(?:@[\p{L}\p{N}.-]+)?[\s,:]*)+/u, '').trim();
}

/** At most `max` code points: cut at the last space when there is one in the last fifth, then '…'. */
export function cutAtWord(text: string, max: number): string {
  if (textLength(text) <= max) return text;
  const chars = Array.from(text).slice(0, max - 1);
  const cut = chars.join('');
  const space = cut.search(/\s\S*$/);
  const kept = space > 0 && textLength(cut.slice(0, space)) >= max * 0.8 ? cut.slice(0, space) : cut;
  return `${kept.trimEnd()}…`;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', hellip: '…' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, entity: string) => {
    if (entity[0] !== '#') return NAMED[entity.toLowerCase()] ?? whole;
    const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
  });
}
