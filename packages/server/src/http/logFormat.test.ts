import { describe, expect, it } from 'vitest';
import { PrettyLogStream, resolveLogFormat } from './logFormat.js';

describe('log format', () => {
  it('auto is pretty on a terminal and JSON otherwise; an explicit setting wins', () => {
    expect(resolveLogFormat('auto', true)).toBe('pretty');
    expect(resolveLogFormat('auto', false)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });

  it('prints a request as one line: method, url, status and time', async () => {
    const written: string[] = [];
    const stream = new PrettyLogStream({ write: (text: string) => written.push(text) }, false);
    const time = Date.UTC(2026, 0, 1, 12, 0, 0);
    stream.write(JSON.stringify({ level: 30, time, reqId: 'r1', req: { method: 'GET', url: '/api/feed' }, msg: 'incoming request' }) + '\n');
    expect(written).toEqual([]);
    stream.write(JSON.stringify({ level: 30, time, reqId: 'r1', res: { statusCode: 200 }, responseTime: 4.2, msg: 'request completed' }) + '\n');
    stream.write(JSON.stringify({ level: 30, time, msg: 'Server listening at http://127.0.0.1:3000' }) + '\n');
    stream.write(JSON.stringify({ level: 30, time, msg: 'Askbox is running at http://localhost:3000' }) + '\n');
    stream.write(JSON.stringify({ level: 50, time, msg: 'push failed', err: { message: 'boom' } }) + '\n');
    await new Promise((resolve) => stream.end(resolve));
    expect(written.map((w) => w.replace(/^\d\d:\d\d:\d\d /, ''))).toEqual([
      'GET /api/feed 200 4 ms\n',
      'Askbox is running at http://localhost:3000\n',
      'ERROR push failed\nboom\n',
    ]);
  });
});
