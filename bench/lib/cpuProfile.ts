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
