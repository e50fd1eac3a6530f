import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db } from '../db/open.js';
import { users, type EmailKind } from '../db/schema/index.js';
import { verificationToken } from '../features/instanceAccess/views.js';
import { queryRows } from '../db/sql.js';
import { issuePasswordReset } from '../features/auth/resetTokens.js';
import { notSuspended, receiverSeesQuestion, repliesToldTo, visibleUser } from '../features/visibility/index.js';
import { renderEmail } from './layout.js';
import { unsubscribeApiUrl, unsubscribePageUrl, unsubscribeToken } from './links.js';
import type { EmailMessage } from './mailer.js';
import { emailTranslatorFor } from '../i18n/translator.js';

/** What writing an email needs besides its row. */
export interface ComposeDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  linkSecret: Buffer;
}

/** An outbox row as claimed (snake_case, as stored). */
export interface EmailRow {
  id: string;
  user_id: string | null;
  kind: EmailKind;
  data: Record<string, unknown>;
  attempts: number;
}

const notSentLine = (subject: string, to: string) => `Email not sent (no SMTP_URL set): "${subject}" to ${to}`;

/** RFC 8058 one-click unsubscribe: the header pair for mail providers, and the footer link for people. */
function unsubscribeParts(deps: ComposeDeps, userId: string) {
  const token = unsubscribeToken(deps.linkSecret, userId);
  return {
    unsubscribeUrl: unsubscribePageUrl(deps.publicUrl, token),
    headers: { 'List-Unsubscribe': `<${unsubscribeApiUrl(deps.publicUrl, token)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * Writes the email of an outbox row from what the database says now, in the recipient's language,
 * or returns null when there is nothing to send any more (no such account, notifications turned
 * off, the question gone or already answered, an empty digest).
 */
export async function composeEmail(deps: ComposeDeps, row: EmailRow): Promise<EmailMessage | null> {
  switch (row.kind) {
    case 'password_reset':
      return composePasswordReset(deps, String(row.data.email), row.data.locale);
    case 'question':
      return row.user_id ? composeQuestion(deps, row.user_id, String(row.data.questionId)) : null;
    case 'digest':
      return row.user_id ? composeDigest(deps, row.user_id, new Date(String(row.data.from)), new Date(String(row.data.until))) : null;
    case 'signup_approved':
      return row.user_id ? composeSignupApproved(deps, row.user_id) : null;
    case 'signup_rejected':
      return composeSignupRejected(deps, row.data);
    case 'email_verification':
      return row.user_id ? composeVerification(deps, row.user_id) : null;
    case 'appeal':
      return row.user_id ? composeAppeal(deps, row.user_id, String(row.data.appealId)) : null;
    case 'new_sign_in':
      return row.user_id ? composeNewSignIn(deps, row.user_id, row.data) : null;
  }
}

async function accountOf(deps: ComposeDeps, userId: string) {
  const [user] = await deps.db
    .select({ email: users.email, username: users.username, locale: users.locale, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user ?? null;
}

async function composeSignupApproved(deps: ComposeDeps, userId: string): Promise<EmailMessage | null> {
  const user = await accountOf(deps, userId);
  if (!user) return null;
  const t = emailTranslatorFor(user.locale);
  const subject = t('signupApproved.subject');
  const body = renderEmail(t, {
    publicUrl: deps.publicUrl,
    lines: [t('signupApproved.intro', { username: user.username })],
    action: { label: t('signupApproved.action'), url: `${deps.publicUrl}/login` },
  });
  return { to: user.email, subject, ...body, logLine: notSentLine(subject, user.email) };
}

function composeSignupRejected(deps: ComposeDeps, data: Record<string, unknown>): EmailMessage | null {
  if (typeof data.email !== 'string' || typeof data.username !== 'string') return null;
  const t = emailTranslatorFor(data.locale);
  const subject = t('signupRejected.subject');
  const body = renderEmail(t, {
    publicUrl: deps.publicUrl,
    lines: [t('signupRejected.intro', { username: data.username })],
    action: { label: t('digest.action'), url: deps.publicUrl },
  });
  return { to: data.email, subject, ...body, logLine: notSentLine(subject, data.email) };
}

/** A confirmation link (EMAIL_VERIFICATION=on) for the address the account has now; none once confirmed. */
async function composeVerification(deps: ComposeDeps, userId: string): Promise<EmailMessage | null> {
  const user = await accountOf(deps, userId);
  if (!user || user.verifiedAt) return null;
  const t = emailTranslatorFor(user.locale);
  // in the fragment, like a reset link: no access log keeps it
  const url = `${deps.publicUrl}/verify-email#token=${verificationToken(deps.linkSecret, userId, user.email, deps.clock.now())}`;
  const subject = t('verify.subject');
  const body = renderEmail(t, {
    publicUrl: deps.publicUrl,
    lines: [t('verify.intro', { username: user.username }), t('verify.ignore')],
    action: { label: t('verify.action'), url },
  });
  return { to: user.email, subject, ...body, logLine: `Email confirmation link for ${user.email} (no SMTP_URL set): ${url}` };
}

/** A moment as the recipient's language writes it, in UTC (an email does not know its reader's time zone). */
const dateTimeIn = (locale: string | null, at: Date) =>
  new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at);

/**
 * A sign-in from a browser this account was never signed in from: what it was, when, and where to
 * sign it out. Sent whatever the notification settings say: it is about the account's safety.
 */
async function composeNewSignIn(deps: ComposeDeps, userId: string, data: Record<string, unknown>): Promise<EmailMessage | null> {
  const user = await accountOf(deps, userId);
  if (!user) return null;
  const t = emailTranslatorFor(user.locale);
  const name = (value: unknown) => (typeof value === 'string' && value ? value : null);
  const browser = name(data.browser) ?? t('newSignIn.unknownBrowser');
  const os = name(data.os) ?? t('newSignIn.unknownSystem');
  const at = new Date(String(data.at));
  const subject = t('newSignIn.subject');
  const body = renderEmail(t, {
    publicUrl: deps.publicUrl,
    lines: [
      t('newSignIn.intro', { username: user.username }),
      t('newSignIn.device', { browser, os, when: Number.isNaN(at.getTime()) ? '' : `${dateTimeIn(user.locale, at)} UTC` }),
      t('newSignIn.ifNotYou'),
    ],
    action: { label: t('newSignIn.action'), url: `${deps.publicUrl}/settings#settings-sessions` },
  });
  return { to: user.email, subject, ...body, logLine: notSentLine(subject, user.email) };
}

/** A suspension appeal to one member of the moderation team, while they are on it and the appeal is open. */
async function composeAppeal(deps: ComposeDeps, userId: string, appealId: string): Promise<EmailMessage | null> {
  const [row] = await queryRows<{ email: string; locale: string | null; username: string; text: string; reason: string }>(
    deps.db,
    sql`select m.email, m.locale, s.username, a.text, s.suspension_reason as reason
        from suspension_appeals a join users s on s.id = a.user_id, users m
        where a.id = ${appealId} and a.closed_at is null and m.id = ${userId} and m.role in ('admin', 'moderator')`,
  );
  if (!row) return null;
  const t = emailTranslatorFor(row.locale);
  const subject = t('appeal.subject', { username: row.username });
  const body = renderEmail(t, {
    publicUrl: deps.publicUrl,
    lines: [t('appeal.intro', { username: row.username }), ...(row.reason ? [t('appeal.reason', { reason: row.reason })] : [])],
    quote: row.text,
    action: { label: t('appeal.action'), url: `${deps.publicUrl}/moderation` },
  });
  return { to: row.email, subject, ...body, logLine: notSentLine(subject, row.email) };
}

async function composePasswordReset(deps: ComposeDeps, email: string, requestLocale: unknown): Promise<EmailMessage | null> {
  const issued = await issuePasswordReset(deps.db, deps.clock, email);
  if (!issued) return null;
  const { user, token } = issued;
  const t = emailTranslatorFor(user.locale ?? requestLocale);
  // the token rides in the fragment: browsers never send it to the server, so no access log keeps it
  const url = `${deps.publicUrl}/reset-password#token=${token}`;
  const subject = t('reset.subject');
  const body = renderEmail(t, {
    publicUrl: deps.publicUrl,
    lines: [t('reset.intro', { username: user.username }), t('reset.validity'), t('reset.ignore')],
    action: { label: t('reset.action'), url },
  });
  return { to: user.email, subject, ...body, logLine: `Password reset link for ${user.email} (no SMTP_URL set): ${url}` };
}

interface QuestionEmailRow {
  email: string;
  locale: string | null;
  email_notifications: string;
  text: string;
  answered: boolean;
  /** null for anonymous questions: the sender of one never leaves the query */
  named_sender_id: string | null;
  /** asked from another server (decision 300): their handle (`@bob@host`) and display name */
  remote_handle: string | null;
  remote_name: string | null;
}

async function composeQuestion(deps: ComposeDeps, userId: string, questionId: string): Promise<EmailMessage | null> {
  const [row] = await queryRows<QuestionEmailRow>(
    deps.db,
    sql`select u.email, u.locale, u.email_notifications, q.text, q.answered,
          case when q.is_anonymous then null else q.sender_id end as named_sender_id,
          rq.handle as remote_handle, rq.name as remote_name
        from questions q join users u on u.id = q.receiver_id
        left join remote_questions rq on not q.is_anonymous and rq.question_id = q.id
        where q.id = ${questionId} and q.receiver_id = ${userId} and ${receiverSeesQuestion(userId, sql`q`)}`,
  );
  if (!row || row.email_notifications !== 'each' || row.answered) return null;
  const [local] = row.named_sender_id
    ? await queryRows<{ username: string; fullname: string }>(
        deps.db,
        sql`select username, fullname from users u where u.id = ${row.named_sender_id} and ${notSuspended(sql`u.id`)}`,
      )
    : [];
  const remote = row.remote_handle ? { fullname: row.remote_name || row.remote_handle, username: row.remote_handle.replace(/^@/, '') } : null;
  const sender = local ?? remote;
  const t = emailTranslatorFor(row.locale);
  const subject = t('question.subject');
  const { unsubscribeUrl, headers } = unsubscribeParts(deps, userId);
  const body = renderEmail(t, {
    publicUrl: deps.publicUrl,
    lines: [sender ? t('question.named', { fullname: sender.fullname, username: sender.username }) : t('question.anonymous')],
    quote: row.text,
    action: { label: t('question.action'), url: `${deps.publicUrl}/questions` },
    unsubscribeUrl,
  });
  return { to: row.email, subject, ...body, headers, logLine: notSentLine(subject, row.email) };
}

interface DigestRow {
  email: string;
  locale: string | null;
  email_notifications: string;
  questions: number;
  followers: number;
  likes: number;
  replies: number;
}

async function composeDigest(deps: ComposeDeps, userId: string, from: Date, until: Date): Promise<EmailMessage | null> {
  const window = (column: ReturnType<typeof sql>) => sql`${column} >= ${from.toISOString()}::timestamptz and ${column} < ${until.toISOString()}::timestamptz`;
  const [row] = await queryRows<DigestRow>(
    deps.db,
    sql`select u.email, u.locale, u.email_notifications,
          (select count(*)::int from questions q
            where q.receiver_id = u.id and not q.answered and ${window(sql`q.created_at`)}
              and (q.sender_id is null or q.sender_id <> u.id) and ${receiverSeesQuestion(userId, sql`q`)}) as questions,
          (select count(*)::int from follows f
            where f.followee_id = u.id and ${window(sql`f.created_at`)} and ${visibleUser(userId, sql`f.follower_id`)}) as followers,
          (select count(*)::int from likes l join questions q on q.id = l.question_id
            where q.receiver_id = u.id and l.user_id <> u.id and ${window(sql`l.created_at`)} and ${visibleUser(userId, sql`l.user_id`)}) as likes,
          (select count(*)::int from (${repliesToldTo(userId)}) t where ${window(sql`t.at`)}) as replies
        from users u where u.id = ${userId}`,
  );
  if (!row || row.email_notifications !== 'digest') return null;
  const counts = (['questions', 'followers', 'likes', 'replies'] as const).filter((key) => Number(row[key]) > 0);
  if (counts.length === 0) return null;
  const t = emailTranslatorFor(row.locale);
  const subject = t('digest.subject');
  const { unsubscribeUrl, headers } = unsubscribeParts(deps, userId);
  const body = renderEmail(t, {
    publicUrl: deps.publicUrl,
    lines: [t('digest.intro'), ...counts.map((key) => `• ${t(`digest.${key}`, { count: Number(row[key]) })}`)],
    action: { label: t('digest.action'), url: `${deps.publicUrl}/${counts[0] === 'questions' ? 'questions' : 'notifications'}` },
    unsubscribeUrl,
  });
  return { to: row.email, subject, ...body, headers, logLine: notSentLine(subject, row.email) };
}
