import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { onFirstUse } from '../firstUse.js';

/** One email, written in the recipient's language. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** The same on every try of one outbox row, so a receiver can tell a second copy */
  messageId?: string;
  /** What the log says instead when no SMTP server is configured (one line; a reset link in full). */
  logLine: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'log';
  send(message: EmailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer when SMTP_URL is set (smtp:// upgrades with STARTTLS when the server
 * offers it, smtps:// is TLS from the start). Without it, emails are written to the log at info
 * level, so someone running Askbox on a laptop can still follow a reset link.
 */
export function createMailer(options: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  if (!options.smtpUrl) {
    return {
      kind: 'log',
      async send(message) {
        options.log.info({ to: message.to }, message.logLine);
      },
      close() {},
    };
  }
  const smtpUrl = options.smtpUrl;
  // nodemailer is loaded by the first email (decision 195); a stuck server fails the try after the
  // timeouts (the worker renews its claim on the row meanwhile)
  const transport = onFirstUse(async (): Promise<Transporter> => {
    const nodemailer = (await import('nodemailer')).default;
    return nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 40_000 }, { from: options.from });
  });
  return {
    kind: 'smtp',
    async send(message) {
      await (
        await transport()
      ).sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        messageId: message.messageId,
      });
    },
    close() {
      if (transport.started())
        void transport().then(
          (loaded) => loaded.close(),
          () => undefined,
        );
    },
  };
}
