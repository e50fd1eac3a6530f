import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, parseJsonWithinDepth } from './jsonDepth.js';

describe('parseJsonWithinDepth', () => {
  it('parses documents up to the depth limit, brackets inside strings not counted', () => {
    const deepest = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect(parseJsonWithinDepth(deepest)).toBeInstanceOf(Array);
    expect(parseJsonWithinDepth(JSON.stringify({ content: '[[[[{{{{'.repeat(100), quote: 'a \\" [' }))).toMatchObject({ quote: 'a \\" [' });
  });

  it('refuses one level deeper, mixed nesting, and what is not JSON', () => {
    expect(parseJsonWithinDepth('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1))).toBeUndefined();
    expect(parseJsonWithinDepth('{"a":'.repeat(MAX_JSON_DEPTH + 1) + '1' + '}'.repeat(MAX_JSON_DEPTH + 1))).toBeUndefined();
    expect(parseJsonWithinDepth('['.repeat(1_000_000))).toBeUndefined();
    expect(parseJsonWithinDepth('{"a": 1')).toBeUndefined();
  });
});
