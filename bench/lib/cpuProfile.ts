import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  totalMs: number;
  idleMs: number;
  /** self time by function, most expensive first */
  functions: { name: string; where: string; ms: number; share: number }[];
  /** self time by package (node_modules/<pkg>), node internals, the server's code, or GC */
  packages: { name: string; ms: number; share: number }[];
}

function packageOf(url: string, functionName: string): string {
  if (functionName === '(garbage collector)') return '(garbage collector)';
  if (functionName === '(program)') return '(program: V8 and native)';
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1]!;
  if (url.includes('/packages/server/')) return 'askbox server code';
  if (url.includes('/packages/common/')) return 'askbox common code';
  return url.replace(/^file:\/\//, '');
}

/** Self time per function and per package during a time window, from a V8 .cpuprofile (node --cpu-prof). */
export function summariseCpuProfile(file: string, window: { windowMs: number; tailMs: number }, top = 25): ProfileSummary {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfMs = new Map<number, number>();
  // keep the samples of [end − tail − window, end − tail] (µs timestamps); each sample gets the delta that follows it
  const to = profile.endTime - window.tailMs * 1000;
  const from = to - window.windowMs * 1000;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < from || at > to) return;
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  });
  const totalMs = (to - Math.max(from, profile.startTime)) / 1000;
  let idleMs = 0;
  const functions = new Map<string, { name: string; where: string; ms: number }>();
  const packages = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const node = byId.get(id)!;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') {
      idleMs += ms;
      continue;
    }
    const where = url ? `${path.basename(url)}:${lineNumber + 1}` : '';
    const pkg = packageOf(url, functionName);
    const key = `${functionName}|${url}|${lineNumber}`;
    const entry = functions.get(key) ?? { name: functionName || '(anonymous)', where: `${pkg} ${where}`.trim(), ms: 0 };
    entry.ms += ms;
    functions.set(key, entry);
    packages.set(pkg, (packages.get(pkg) ?? 0) + ms);
  }
  const busy = totalMs - idleMs;
  return {
    totalMs,
    idleMs,
    functions: [...functions.values()]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top)
      .map((f) => ({ ...f, share: f.ms / busy })),
    packages: [...packages.entries()].map(([name, ms]) => ({ name, ms, share: ms / busy })).sort((a, b) => b.ms - a.ms),
  };
}

/**
 * Time of the samples with a frame matching each pattern somewhere in their stack (inclusive time,
 * the frame and everything it called), from a V8 .cpuprofile; a pattern matches `function url`.
 */
export function inclusiveMs(file: string, patterns: Record<string, RegExp>): { totalMs: number; idleMs: number; under: Record<string, number> } {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const labelsOf = new Map<number, string[]>();
  const labels = (id: number): string[] => {
    const known = labelsOf.get(id);
    if (known) return known;
    const { functionName, url } = byId.get(id)!.callFrame;
    const own = Object.entries(patterns)
      .filter(([, pattern]) => pattern.test(`${functionName} ${url}`))
      .map(([label]) => label);
    const up = parent.has(id) ? labels(parent.get(id)!) : [];
    const all = [...new Set([...own, ...up])];
    labelsOf.set(id, all);
    return all;
  };
  const under: Record<string, number> = Object.fromEntries(Object.keys(patterns).map((label) => [label, 0]));
  let idleMs = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (byId.get(id)!.callFrame.functionName === '(idle)') idleMs += ms;
    for (const label of labels(id)) under[label]! += ms;
  });
  return { totalMs: (profile.endTime - profile.startTime) / 1000, idleMs, under };
}

/** Where the server's thread spent a profile: busy time, by package, top functions, and inclusive time under `patterns`. */
export function describeProfile(file: string, patterns: Record<string, RegExp>): string[] {
  const summary = summariseCpuProfile(file, { windowMs: Number.MAX_SAFE_INTEGER / 2000, tailMs: 0 }, 15);
  const inclusive = inclusiveMs(file, patterns);
  const busy = inclusive.totalMs - inclusive.idleMs;
  const pct = (ms: number) => `${((ms / busy) * 100).toFixed(1).padStart(5)} %`;
  return [
    `CPU profile of the server's thread (${file}): busy ${(busy / 1000).toFixed(1)} s of ${(inclusive.totalMs / 1000).toFixed(1)} s`,
    '  under (inclusive, share of busy time):',
    ...Object.entries(inclusive.under).map(([label, ms]) => `    ${pct(ms)}  ${(ms / 1000).toFixed(1).padStart(6)} s  ${label}`),
    '  by package (self time):',
    ...summary.packages.slice(0, 12).map((p) => `    ${pct(p.ms)}  ${p.name}`),
    '  top functions (self time):',
    ...summary.functions.map((f) => `    ${pct(f.ms)}  ${f.name}  (${f.where})`),
  ];
}
