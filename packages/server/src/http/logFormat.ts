import { Writable } from 'node:stream';

/** LOG_FORMAT: `pretty` lines for a person at a terminal, `json` (pino) for log collectors. */
export type LogFormat = 'pretty' | 'json';

/** `auto` is pretty on a terminal and JSON everywhere else (files, pipes, containers, systemd). */
export function resolveLogFormat(setting: 'auto' | LogFormat, isTTY = Boolean(process.stdout.isTTY)): LogFormat {
  return setting === 'auto' ? (isTTY ? 'pretty' : 'json') : setting;
}

interface LogLine {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
}

const levelNames: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: '', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const colours: Record<number, string> = { 40: '\x1b[33m', 50: '\x1b[31m', 60: '\x1b[31m' };
const dim = (text: string, colour: boolean) => (colour ? `\x1b[2m${text}\x1b[22m` : text);

/**
 * Turns pino's JSON lines into one short line each. Fastify logs a request twice (received,
 * completed): the first is held by request id, so a request reads 'GET /api/feed 200 4 ms'.
 */
export class PrettyLogStream extends Writable {
  private readonly pending = new Map<string, string>();

  constructor(
    private readonly out: { write(text: string): unknown } = process.stdout,
    private readonly colour = Boolean(process.stdout.isTTY),
  ) {
    super();
  }

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    for (const raw of chunk.toString().split('\n')) {
      if (raw.trim() === '') continue;
      const text = this.format(raw);
      if (text !== null) this.out.write(`${text}\n`);
    }
    done();
  }

  /** One readable line, or null for a request's 'incoming' half (printed with its completion). */
  format(raw: string): string | null {
    let line: LogLine;
    try {
      line = JSON.parse(raw) as LogLine;
    } catch {
      return raw;
    }
    if (line.reqId && line.req && line.msg === 'incoming request') {
      // a stream never holds more than the requests in flight; a cap guards against lost completions
      if (this.pending.size > 1000) this.pending.clear();
      this.pending.set(line.reqId, `${line.req.method ?? ''} ${line.req.url ?? ''}`);
      return null;
    }
    // Fastify's own 'Server listening at …' lines (one per interface): main.ts prints the address people use
    if (line.msg?.startsWith('Server listening at ')) return null;
    const level = line.level ?? 30;
    const time = dim(new Date(line.time ?? Date.now()).toTimeString().slice(0, 8), this.colour);
    const label = levelNames[level] ?? '';
    const tag = label === '' ? '' : this.colour && colours[level] ? `${colours[level]}${label}\x1b[39m ` : `${label} `;
    let message = line.msg ?? '';
    if (line.reqId && line.res && message === 'request completed') {
      const request = this.pending.get(line.reqId) ?? 'request';
      this.pending.delete(line.reqId);
      message = `${request} ${line.res.statusCode ?? ''} ${Math.round(line.responseTime ?? 0)} ms`;
    }
    const error = line.err?.stack ?? line.err?.message;
    return `${time} ${tag}${message}${error ? `\n${error}` : ''}`;
  }
}
