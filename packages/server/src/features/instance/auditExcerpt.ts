/** How much of an announcement the audit log keeps: enough to tell which one it was. */
export const AUDIT_EXCERPT_LENGTH = 60;

/**
 * The start of a text for the audit log, cut at a word with '…' when longer: the log says who did
 * what and when, and the full text stays in its own table (decision 376).
 */
export function auditExcerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= AUDIT_EXCERPT_LENGTH) return flat;
  const cut = flat.slice(0, AUDIT_EXCERPT_LENGTH);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > AUDIT_EXCERPT_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
