import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every word a user reads goes through the translator (decision 120): no text written in JSX,
 * no literal in the attributes people read (labels, alternatives, titles, placeholders).
 */
const root = path.resolve(import.meta.dirname, '..');
const READ_ATTRIBUTES = new Set(['aria-label', 'alt', 'title', 'placeholder', 'label', 'aria-description', 'aria-valuetext']);
const hasWords = (text: string) => /\p{L}{2,}/u.test(text);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [full] : [];
  });
}

function literalsIn(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) => `${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) found.push(`${where(node)} text "${node.text.trim()}"`);
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText()) && node.initializer) {
      const value = node.initializer;
      const literal = ts.isStringLiteral(value)
        ? value
        : ts.isJsxExpression(value) && value.expression && ts.isStringLiteralLike(value.expression)
          ? value.expression
          : null;
      if (literal && hasWords(literal.text)) found.push(`${where(node)} ${node.name.getText()}="${literal.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no text left in JSX', () => {
  it('every .tsx of the web app reads its words from the catalogs', () => {
    const files = sourceFiles(root);
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap(literalsIn)).toEqual([]);
  });

  it('the check finds what it looks for', () => {
    const probe = path.join(import.meta.dirname, 'probe.fixture.tsx');
    fs.writeFileSync(probe, 'export const P = () => <p aria-label="Close">Hello there</p>;\n');
    try {
      expect(literalsIn(probe)).toHaveLength(2);
    } finally {
      fs.rmSync(probe);
    }
  });
});
