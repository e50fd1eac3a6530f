/**
 * The decision records are a map: every record in docs/decisions/ has the template's header and
 * headings, is listed in the index (README.md) with the same title and status, and a record that
 * replaces or amends another says so on both sides (docs/decisions/README.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(import.meta.dirname, '../docs/decisions');
const STATUSES = ['accepted', 'partly superseded', 'superseded', 'rejected'];
const RELATIONS = ['Superseded by', 'Supersedes', 'Amends', 'Amended by'] as const;
type Relation = (typeof RELATIONS)[number];

interface DecisionRecord {
  file: string;
  number: string;
  title: string;
  date: string;
  status: string;
  relations: Record<Relation, string[]>;
  headings: string[];
}

function parseRecord(file: string): DecisionRecord {
  const lines = fs.readFileSync(path.join(dir, file), 'utf8').split('\n');
  const title = /^# (\d{3}) — (.+)$/.exec(lines[0] ?? '');
  if (!title) throw new Error(`${file}: the first line is not '# NNN — Title'`);
  const firstHeading = lines.findIndex((line) => line.startsWith('## '));
  const fields = new Map<string, string>();
  for (const line of lines.slice(1, firstHeading)) {
    if (!line.trim()) continue;
    const field = /^([A-Z][a-z ]+): (.+)$/.exec(line);
    if (!field) throw new Error(`${file}: '${line}' above the first heading is not a 'Name: value' line`);
    fields.set(field[1]!, field[2]!);
  }
  const numbers = (name: Relation) => (fields.get(name) ?? '').split(',').flatMap((n) => (n.trim() ? [n.trim()] : []));
  for (const name of fields.keys()) if (!['Date', 'Status', ...RELATIONS].includes(name)) throw new Error(`${file}: unknown header line '${name}'`);
  return {
    file,
    number: title[1]!,
    title: title[2]!,
    date: fields.get('Date') ?? '',
    status: fields.get('Status') ?? '',
    relations: Object.fromEntries(RELATIONS.map((name) => [name, numbers(name)])) as Record<Relation, string[]>,
    headings: lines.filter((line) => line.startsWith('## ')).map((line) => line.slice(3).trim()),
  };
}

interface IndexRow {
  number: string;
  file: string;
  title: string;
  status: string;
  supersededBy: string;
}

function parseIndex(): IndexRow[] {
  const rows: IndexRow[] = [];
  for (const line of fs.readFileSync(path.join(dir, 'README.md'), 'utf8').split('\n')) {
    const row = /^\| \[(\d{3})\]\(([^)]+)\) \| (.+) \| (.+) \| (.*) \|$/.exec(line);
    if (row) rows.push({ number: row[1]!, file: row[2]!, title: row[3]!, status: row[4]!, supersededBy: row[5]!.trim() });
  }
  return rows;
}

const files = fs.readdirSync(dir).filter((f) => /^\d{3}-.+\.md$/.test(f));
const records = files.map(parseRecord);
const byNumber = new Map(records.map((r) => [r.number, r]));

describe('decision records', () => {
  it('are named NNN-short-name.md after their number, one record a number', () => {
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) expect(r.file, r.file).toMatch(new RegExp(`^${r.number}-[a-z0-9-]+\\.md$`));
    expect(byNumber.size).toBe(records.length);
  });

  it("have the template's date, status and headings (Context, Decision, Consequences)", () => {
    for (const r of records) {
      expect(r.date, `${r.file}: Date`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(STATUSES, `${r.file}: Status '${r.status}'`).toContain(r.status);
      expect(r.headings, r.file).toEqual(['Context', 'Decision', 'Consequences']);
    }
  });

  it('are all in the index, with the same title, status and successors', () => {
    const index = parseIndex();
    expect(index.map((row) => row.number)).toEqual(records.map((r) => r.number));
    for (const row of index) {
      const r = byNumber.get(row.number)!;
      expect(row.file, `index row ${row.number}: link`).toBe(r.file);
      expect(row.title, `index row ${row.number}: title`).toBe(r.title);
      expect(row.status, `index row ${row.number}: status`).toBe(r.status);
      expect(row.supersededBy, `index row ${row.number}: superseded by`).toBe(r.relations['Superseded by'].join(', '));
    }
  });

  it('that are superseded name a later record that says it supersedes them, and the other way round', () => {
    for (const r of records) {
      const by = r.relations['Superseded by'];
      expect(by.length > 0, `${r.file}: status '${r.status}' and 'Superseded by: ${by.join(', ')}'`).toBe(r.status.endsWith('superseded'));
      for (const n of by) {
        expect(byNumber.has(n), `${r.file}: superseded by ${n}, which does not exist`).toBe(true);
        expect(Number(n), `${r.file}: superseded by an earlier record, ${n}`).toBeGreaterThan(Number(r.number));
        expect(byNumber.get(n)!.relations.Supersedes, `${n} does not say it supersedes ${r.number}`).toContain(r.number);
      }
      for (const n of r.relations.Supersedes)
        expect(byNumber.get(n)?.relations['Superseded by'], `${n} does not say ${r.number} supersedes it`).toContain(r.number);
    }
  });

  it('that amend another are named by it, and the other way round', () => {
    for (const r of records) {
      for (const n of r.relations.Amends) {
        expect(Number(n), `${r.file}: amends a later record, ${n}`).toBeLessThan(Number(r.number));
        expect(byNumber.get(n)?.relations['Amended by'], `${n} does not say ${r.number} amends it`).toContain(r.number);
      }
      for (const n of r.relations['Amended by']) expect(byNumber.get(n)?.relations.Amends, `${n} does not say it amends ${r.number}`).toContain(r.number);
    }
  });
});
