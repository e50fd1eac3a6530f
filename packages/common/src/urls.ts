/** Whether a website link is http(s) with a host (profiles only link to those). Kept apart from the zod schemas, so screens that only show links do not load zod. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
