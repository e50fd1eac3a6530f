/**
 * `npm run bench:cards`: how long an answer card takes to draw (satori layout + resvg PNG), per
 * format, on texts of every length. Budget: 60 ms p50 for a link card on the reference machine
 * (docs/sharing.md). Cards are cached after their first render, so this is the cost of a miss.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { renderCard } from '../packages/server/src/features/cards/render.js';
import type { CardContent, CardFormat } from '../packages/server/src/features/cards/types.js';
import { percentile } from './lib/stats.js';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '30' } } });
const runs = Number(args.runs);

const texts = [
  'Tea or coffee?',
  'Quelle est ta chanson préférée en été ? 🎶 Et pourquoi celle-là plutôt qu’une autre ?',
  'Because of everything. '.repeat(13).slice(0, 300),
];
const content = (i: number): CardContent => ({
  question: texts[i % texts.length]!,
  answer: texts[(i + 1) % texts.length]!,
  asker: 'Anonymous',
  owner: { fullname: 'Zoë Ångström', username: 'zoe', picture: null },
  site: 'askbox.example',
});

// the first render loads fonts and compiles the layout engine: not what a cache miss costs later
await renderCard(content(0), 'link', 'light');
for (const format of ['link', 'story'] as CardFormat[]) {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    await renderCard(content(i), format, i % 2 ? 'dark' : 'light');
    times.push(performance.now() - start);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  // CPU time too: on a busy machine wall time mostly measures the wait for a core
  console.log(
    `${format}: p50 ${percentile(times, 50).toFixed(1)} ms, p90 ${percentile(times, 90).toFixed(1)} ms wall; p50 ${percentile(cpu, 50).toFixed(1)} ms CPU (${runs} renders, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`,
  );
}
