/**
 * The decision records are a map (docs/decisions/README.md): living topic records say what holds
 * now, and cite the numbered originals kept unchanged in docs/decisions/archive/. This test holds
 * the map together: every archived record keeps its header and its row in the archive's index, is
 * cited by exactly one topic record, numbers are unique (archive and numbered sections of topic
 * records alike), and every "decision NNN" or docs/decisions/ path the repository cites resolves.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'docs/decisions');
const archiveDir = path.join(dir, 'archive');
const STATUSES = ['accepted', 'partly superseded', 'superseded', 'rejected'];
const RELATIONS = ['Superseded by', 'Supersedes', 'Amends', 'Amended by'] as const;
type Relation = (typeof RELATIONS)[number];
/** Files of docs/decisions/ that are not topic records. */
const NOT_TOPICS = ['README.md', 'TEMPLATE.md'];

interface ArchivedRecord {
  file: string;
  number: string;
  title: string;
  date: string;
  status: string;
  relations: Record<Relation, string[]>;
  headings: string[];
}

function parseArchivedRecord(file: string): ArchivedRecord {
  const lines = fs.readFileSync(path.join(archiveDir, file), 'utf8').split('\n');
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

interface ArchiveIndexRow {
  number: string;
  file: string;
  title: string;
  status: string;
  supersededBy: string;
  topicTitle: string;
  topicFile: string;
}

function parseArchiveIndex(): ArchiveIndexRow[] {
  const rows: ArchiveIndexRow[] = [];
  for (const line of fs.readFileSync(path.join(archiveDir, 'README.md'), 'utf8').split('\n')) {
    const row = /^\| \[(\d{3})\]\(([^)]+)\) \| (.+) \| (.+) \| (.*) \| \[(.+)\]\(\.\.\/([^)]+)\) \|$/.exec(line);
    if (row)
      rows.push({
        number: row[1]!,
        file: row[2]!,
        title: row[3]!,
        status: row[4]!,
        supersededBy: row[5]!.trim(),
        topicTitle: row[6]!,
        topicFile: row[7]!,
      });
  }
  return rows;
}

interface NumberedSection {
  number: string;
  title: string;
  date: string;
}

interface TopicRecord {
  file: string;
  title: string;
  /** Archived records this topic record links to (file names). */
  cites: string[];
  sections: NumberedSection[];
  /** Headings that start with a number but are not '## NNN — Title'. */
  malformed: string[];
}

/** A topic record's numbered sections: '## NNN — Title', then a 'Date: YYYY-MM-DD' line. */
function numberedSections(text: string): { sections: NumberedSection[]; malformed: string[] } {
  const lines = text.split('\n');
  const sections: NumberedSection[] = [];
  const malformed: string[] = [];
  lines.forEach((line, i) => {
    if (!/^#{2,} ?\d/.test(line)) return;
    const heading = /^## (\d{3}) — (.+)$/.exec(line);
    if (!heading) return malformed.push(line);
    const dateLine = lines.slice(i + 1).find((l) => l.trim() !== '') ?? '';
    sections.push({ number: heading[1]!, title: heading[2]!, date: /^Date: (\d{4}-\d{2}-\d{2})$/.exec(dateLine)?.[1] ?? '' });
  });
  return { sections, malformed };
}

function parseTopic(file: string): TopicRecord {
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  const title = /^# (.+)$/.exec(text.split('\n')[0] ?? '')?.[1] ?? '';
  const cites = [...text.matchAll(/\]\(archive\/([^)#]+)\)/g)].map((m) => m[1]!);
  return { file, title, cites: [...new Set(cites)], ...numberedSections(text) };
}

function parseTopicIndex(): { title: string; file: string }[] {
  const text = fs.readFileSync(path.join(dir, 'README.md'), 'utf8');
  const index = text.slice(text.indexOf('\n## Index'), text.indexOf('\n## ', text.indexOf('\n## Index') + 1));
  return [...index.matchAll(/^\| \[(.+)\]\(([^)]+)\) \| .+ \|$/gm)].map((m) => ({ title: m[1]!, file: m[2]! }));
}

/** The numbers a text cites: 'decision 100', 'decisions 100 and 203', 'decisions 100, 203, 210', 'decisions 125–131'. */
function citedNumbers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\bdecisions? (\d{3}\b(?:(?:,| and| or|,? and|–|-) ?\d{3}\b)*)/gi)) found.push(...m[1]!.match(/\d{3}/g)!);
  return found;
}

/** Where citations are checked: everything written by hand that may cite a decision. */
const CITING = ['packages', 'docs', 'e2e', 'bench', 'scripts', 'README.md'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-previous', 'test-results', 'playwright-report', 'lighthouse-report']);
const TEXT = /\.(ts|tsx|mts|mjs|js|css|md|html|sql|yml|yaml)$/;

function* textFiles(relative: string): Generator<string> {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    if (TEXT.test(relative)) yield relative;
    return;
  }
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    yield* textFiles(path.join(relative, entry.name));
  }
}

const archiveFiles = fs.readdirSync(archiveDir).filter((f) => f !== 'README.md');
const records = archiveFiles.filter((f) => /^\d{3}-.+\.md$/.test(f)).map(parseArchivedRecord);
const byNumber = new Map(records.map((r) => [r.number, r]));
const topicFiles = fs.readdirSync(dir).filter((f) => f.endsWith('.md') && !NOT_TOPICS.includes(f) && !/^\d{3}-/.test(f));
const topics = topicFiles.map(parseTopic);
const sections = topics.flatMap((t) => t.sections.map((s) => ({ ...s, file: t.file })));
const knownNumbers = new Set([...byNumber.keys(), ...sections.map((s) => s.number)]);

describe('archived decision records', () => {
  it('are all in the archive, named NNN-short-name.md after their number, one record a number', () => {
    expect(records.length).toBeGreaterThan(0);
    expect(archiveFiles, 'docs/decisions/archive/ holds only records and its index').toEqual(records.map((r) => r.file));
    for (const r of records) expect(r.file, r.file).toMatch(new RegExp(`^${r.number}-[a-z0-9-]+\\.md$`));
    expect(byNumber.size).toBe(records.length);
    const leftOutside = fs.readdirSync(dir).filter((f) => /^\d{3}-/.test(f));
    expect(leftOutside, 'a numbered record outside the archive: fold it (docs/decisions/README.md, "Folding a record written in the old form")').toEqual([]);
  });

  it('keep their header: date, status and the headings Context, Decision, Consequences', () => {
    for (const r of records) {
      expect(r.date, `${r.file}: Date`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(STATUSES, `${r.file}: Status '${r.status}'`).toContain(r.status);
      expect(r.headings, r.file).toEqual(['Context', 'Decision', 'Consequences']);
    }
  });

  it("are all in the archive's index, in order, with the same title, status and successors", () => {
    const index = parseArchiveIndex();
    expect(index.map((row) => row.number)).toEqual(records.map((r) => r.number));
    for (const row of index) {
      const r = byNumber.get(row.number)!;
      expect(row.file, `archive index row ${row.number}: link`).toBe(r.file);
      expect(row.title, `archive index row ${row.number}: title`).toBe(r.title);
      expect(row.status, `archive index row ${row.number}: status`).toBe(r.status);
      expect(row.supersededBy, `archive index row ${row.number}: superseded by`).toBe(r.relations['Superseded by'].join(', '));
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

describe('topic records', () => {
  it('are listed in the index of docs/decisions/README.md by their title, and nothing else is', () => {
    expect(topics.length).toBeGreaterThan(0);
    for (const t of topics) expect(t.title, `${t.file}: the first line is '# Title'`).not.toBe('');
    const index = parseTopicIndex();
    expect(index.map((row) => row.file).sort()).toEqual(topicFiles.slice().sort());
    for (const row of index) expect(row.title, `index row ${row.file}: title`).toBe(topics.find((t) => t.file === row.file)?.title);
  });

  it('cite only archived records that exist', () => {
    for (const t of topics) for (const file of t.cites) expect(archiveFiles, `${t.file} links archive/${file}`).toContain(file);
  });

  it("cite every archived record, each from exactly one topic record: the one the archive's index names", () => {
    const index = new Map(parseArchiveIndex().map((row) => [row.number, row]));
    for (const r of records) {
      const citing = topics.filter((t) => t.cites.includes(r.file)).map((t) => t.file);
      expect(citing, `${r.file} is cited by`).toHaveLength(1);
      const row = index.get(r.number);
      expect(row?.topicFile, `archive index row ${r.number}: the topic record that holds it`).toBe(citing[0]);
      expect(row?.topicTitle, `archive index row ${r.number}: that topic record's title`).toBe(topics.find((t) => t.file === citing[0])!.title);
    }
  });

  it("number their new sections '## NNN — Title' with a date, each number used once across the archive and the topics", () => {
    for (const t of topics) expect(t.malformed, `${t.file}: numbered headings`).toEqual([]);
    for (const s of sections) expect(s.date, `${s.file}, section ${s.number}: a 'Date: YYYY-MM-DD' line`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const all = [...records.map((r) => r.number), ...sections.map((s) => s.number)];
    expect(
      all.filter((n, i) => all.indexOf(n) !== i),
      'numbers used twice',
    ).toEqual([]);
  });

  it('find numbered sections the way the template writes them', () => {
    const template = fs.readFileSync(path.join(dir, 'TEMPLATE.md'), 'utf8').replace('NNN', '901').replace('YYYY-MM-DD', '2026-12-07');
    expect(numberedSections(template)).toEqual({ sections: [{ number: '901', title: 'The decision, said in one line', date: '2026-12-07' }], malformed: [] });
    expect(numberedSections('## 90 — Short\n\nDate: 2026-12-07').malformed).toEqual(['## 90 — Short']);
  });
});

describe('citations of decisions', () => {
  const scanned = CITING.flatMap((entry) => [...textFiles(entry)]);

  it('are read in every form the repository writes them', () => {
    expect(citedNumbers('(decision 100), decisions 205 and 273, Decision 142')).toEqual(['100', '205', '273', '142']);
    expect(citedNumbers('decisions 100, 203, 210; decisions 125–131; decisions 333 and 335; decision 345, 346')).toEqual([
      '100',
      '203',
      '210',
      '125',
      '131',
      '333',
      '335',
      '345',
      '346',
    ]);
    expect(citedNumbers('a decision 2026 took, the decisions 12 ways')).toEqual([]);
    expect(scanned).toContain('docs/architecture.md');
    expect(scanned).toContain('packages/server/src/app.ts');
  });

  it("resolve to an archived record or a topic record's numbered section", () => {
    const unresolved: string[] = [];
    for (const file of scanned) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      for (const n of citedNumbers(text)) if (!knownNumbers.has(n)) unresolved.push(`${file}: decision ${n}`);
    }
    expect(unresolved).toEqual([]);
  });

  it('name only paths under docs/decisions/ that exist', () => {
    const missing: string[] = [];
    for (const file of scanned) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      for (const m of text.matchAll(/docs\/decisions\/([A-Za-z0-9_./-]*)/g)) {
        const named = m[1]!.replace(/[.]+$/, '');
        if (/NNN|short-name/.test(named)) continue; // the README's placeholders for a record to come
        if (!fs.existsSync(path.join(dir, named))) missing.push(`${file}: docs/decisions/${named}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
