import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it, parsed the way a mail client would. */
export interface CapturedMail {
  /** RCPT TO addresses of the SMTP envelope */
  envelopeTo: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** header names in lower case, values as text */
  headers: Record<string, string>;
}

export interface MailCapture {
  /** SMTP_URL for the app: smtp://user:password@127.0.0.1:port */
  url: string;
  messages: CapturedMail[];
  /** The next `count` messages are refused with a temporary error (451), as a struggling server does. */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

const USER = 'askbox';
const PASSWORD = 'capture-secret';

/**
 * A real SMTP server on a free local port that keeps what it receives (and, given a folder, writes
 * each message there as JSON for other processes: the e2e tests read what the app sent). It asks
 * for the credentials of its URL, over plain SMTP (STARTTLS off: no certificate here). `delayMs`: it
 * takes that long to accept each message, as a slow relay does.
 */
export async function startMailCapture(options: { dir?: string; delayMs?: number } = {}): Promise<MailCapture> {
  const messages: CapturedMail[] = [];
  let toRefuse = 0;
  if (options.dir) fs.mkdirSync(options.dir, { recursive: true });
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (toRefuse > 0) {
          toRefuse -= 1;
          const refusal = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(refusal);
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((parsed) => {
            const headers: Record<string, string> = {};
            for (const line of parsed.headerLines) headers[line.key] = line.line.slice(line.line.indexOf(':') + 1).trim();
            const mail: CapturedMail = {
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              from: parsed.from?.text ?? '',
              to: Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? ''),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              headers,
            };
            setTimeout(() => {
              messages.push(mail);
              if (options.dir) fs.writeFileSync(path.join(options.dir, `${Date.now()}-${messages.length}.json`), JSON.stringify(mail));
              callback();
            }, options.delayMs ?? 0);
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`,
    messages,
    refuseNext: (count) => {
      toRefuse = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a text that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const found = text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!found) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return found;
}
