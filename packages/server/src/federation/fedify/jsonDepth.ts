/** Deeper than this, a body is not an activity but an attack on the JSON-LD parser (real ones nest under 10). */
export const MAX_JSON_DEPTH = 32;

/**
 * Parses a request body as JSON only when its arrays and objects nest at most `maxDepth` deep,
 * checked by one pass over the text before any parser sees it (JSON.parse and then JSON-LD
 * expansion recurse, so a hostile body a megabyte of '[' deep would cost far more than its size).
 * Returns undefined for anything too deep or not JSON.
 */
export function parseJsonWithinDepth(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  if (nestsDeeperThan(text, maxDepth)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Whether the arrays and objects of a JSON text nest deeper than `maxDepth` (brackets in strings do not count). */
export function nestsDeeperThan(text: string, maxDepth = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
