import { z } from 'zod';
import { MAX_TEXT_LENGTH, MAX_TEXT_LENGTH_CEILING } from '@askbox/common';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * DEFAULT_FOLLOWS: unset means the instance's first accounts (decision 170), `none` means nobody,
 * otherwise the listed usernames.
 */
function defaultFollowsOf(value: string): string[] | 'first-accounts' {
  const usernames = value
    .split(',')
    .map((u) => u.trim().toLowerCase())
    .filter(Boolean);
  if (usernames.length === 0) return 'first-accounts';
  return usernames.length === 1 && usernames[0] === 'none' ? [] : usernames;
}

/** Every setting, read from the environment once at start-up; `.env.example` lists them. */
const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalString,
    DATABASE_DIRECT_URL: optionalString,
    PGLITE_SHARED_BUFFERS: optionalString.pipe(
      z
        .string()
        .regex(/^\d+(kB|MB|GB)$/, 'a size such as 32MB')
        // PostgreSQL's 128MB took ~100 MB more memory for no speed at 10k users (decision 188)
        .default('32MB'),
    ),
    PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
    DEFAULT_FOLLOWS: z.string().default(''),
    SUPPORT_EMAIL: z.string().default('support@askbox.local'),
    MICROBLOG_URL: z.string().default('https://x.com/askbox'),
    PHOTO_SHARING_URL: z.string().default('https://instagram.com/askbox'),
    SIGNUP_RATE_LIMIT: positiveInt(30),
    LOGIN_RATE_LIMIT: positiveInt(30),
    QUESTION_RATE_LIMIT: positiveInt(10),
    UPLOAD_RATE_LIMIT: positiveInt(30),
    REPORT_RATE_LIMIT: positiveInt(20),
    SESSION_DAYS: positiveInt(30),
    WEB_DIST_DIR: optionalString,
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value) => value.trim())
      .refine((value) => !['true', 'yes', 'on'].includes(value.toLowerCase()), {
        message:
          'trusting every proxy lets clients choose their IP: give the number of proxies in front (1) or their addresses (10.0.0.2,10.0.0.3 or 10.0.0.0/8)',
      })
      .refine((value) => /^(false|0|\d+)?$/.test(value) || value.split(',').every((part) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(part.trim())), {
        message: 'a number of proxies (1) or a comma-separated list of proxy addresses or CIDR ranges',
      }),
    LOGIN_ACCOUNT_RATE_LIMIT: positiveInt(10),
    VAPID_PUBLIC_KEY: optionalString,
    VAPID_PRIVATE_KEY: optionalString,
    VAPID_SUBJECT: optionalString,
    PUSH_WORKER: z.enum(['on', 'off']).default('on'),
    PUSH_POLL_MS: positiveInt(2000),
    PUSH_MAX_ATTEMPTS: positiveInt(6),
    PUSH_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
    PUSH_SERVICES: z.string().default(''),
    PUSH_MAX_SUBSCRIPTIONS: positiveInt(10),
    PUSH_ALLOW_PRIVATE_ADDRESSES: z.enum(['true', 'false']).default('false'),
    SSE_HEARTBEAT_MS: positiveInt(25000),
    OUTBOX_LEASE_SECONDS: positiveInt(60),
    SHUTDOWN_DRAIN_SECONDS: positiveInt(10),
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'use at least 16 characters').optional()),
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/, error: 'must look like smtp://user:password@host:587 (or smtps://)' }).optional()),
    MAIL_FROM: optionalString,
    EMAIL_WORKER: z.enum(['on', 'off']).default('on'),
    EMAIL_POLL_MS: positiveInt(5000),
    EMAIL_MAX_ATTEMPTS: positiveInt(6),
    EMAIL_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(8),
    PASSWORD_RESET_RATE_LIMIT: positiveInt(5),
    FEDERATION: z.enum(['on', 'off']).default('on'),
    FEDERATION_WORKER: z.enum(['on', 'off']).default('on'),
    FEDERATION_POLL_MS: positiveInt(2000),
    FEDERATION_MAX_ATTEMPTS: positiveInt(10),
    FEDERATION_QUESTIONS_PER_SERVER: positiveInt(60),
    FEDERATION_ALLOW_PRIVATE_ADDRESSES: z.enum(['true', 'false']).default('false'),
    FEDERATION_AUTHORIZED_FETCH: z.enum(['true', 'false']).default('false'),
    FEDERATION_FETCH_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(15).default(5),
    FEDERATION_INBOX_QUEUE_PER_ACTOR: positiveInt(20),
    FEDERATION_INBOX_QUEUE_PER_SERVER: positiveInt(200),
    FEDERATION_UNAVAILABLE_AFTER_DAYS: positiveInt(7),
    STORAGE: z.enum(['disk', 's3']).default('disk'),
    STORAGE_DISK_DIR: optionalString,
    S3_BUCKET: optionalString,
    S3_REGION: z.string().default('us-east-1'),
    S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0', '']).default('false'),
    S3_PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    REGISTRATIONS: z.enum(['open', 'approval', 'invite', 'closed']).default('open'),
    SIGNUP_CHALLENGE: z.enum(['on', 'off']).default('on'),
    EMAIL_VERIFICATION: z.enum(['on', 'off']).default('off'),
    SIGNUP_CHALLENGE_DIFFICULTY: z.coerce.number().int().min(1).max(6).default(4),
    EMAIL_DOMAIN_BLOCKS: z.string().default(''),
    MIN_SIGNUP_AGE: z.coerce.number().int().min(0).max(21).default(0),
    VISITOR_QUESTIONS: z.enum(['on', 'off']).default('off'),
    // off: 'Username cannot be changed', as the product spec has it
    USERNAME_CHANGES: z.enum(['on', 'off']).default('on'),
    SIGN_IN_EMAILS: z.enum(['on', 'off']).default('on'),
    // off: the spec's own profile (an ask box to yourself) and home (the followed people's answers only)
    FIRST_LOOK: z.enum(['on', 'off']).default('on'),
    // questions and answers: the spec's 300 characters, raised by the operator up to 2000 (decision 317)
    MAX_TEXT_LENGTH: z.coerce.number().int().min(MAX_TEXT_LENGTH).max(MAX_TEXT_LENGTH_CEILING).default(MAX_TEXT_LENGTH),
    // the key that seals two-factor secrets: 32 bytes as 64 hex digits (openssl rand -hex 32); unset = generated into DATA_DIR
    TWO_FACTOR_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal digits (32 bytes), e.g. from: openssl rand -hex 32')
        .optional(),
    ),
  })
  .refine((env) => env.STORAGE !== 's3' || Boolean(env.S3_BUCKET), { message: 'STORAGE=s3 needs S3_BUCKET', path: ['S3_BUCKET'] })
  .refine((env) => Boolean(env.S3_ACCESS_KEY_ID) === Boolean(env.S3_SECRET_ACCESS_KEY), {
    message: 'set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together (or neither, to use the AWS default credentials)',
    path: ['S3_SECRET_ACCESS_KEY'],
  })
  .refine((env) => Boolean(env.VAPID_PUBLIC_KEY) === Boolean(env.VAPID_PRIVATE_KEY), {
    message: 'set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together, or neither (a pair is then generated and stored)',
    path: ['VAPID_PRIVATE_KEY'],
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    // the same database without a pooler in between, for what needs a session of its own (LISTEN, the migration lock)
    databaseDirectUrl: env.DATABASE_DIRECT_URL,
    // the embedded database's buffer pool (in the server's memory); PGlite's default is 128MB
    pgliteSharedBuffers: env.PGLITE_SHARED_BUFFERS,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    // auto: readable lines on a terminal, JSON when piped or collected
    logFormat: env.LOG_FORMAT,
    defaultFollows: defaultFollowsOf(env.DEFAULT_FOLLOWS),
    // the first account of an empty instance becomes its admin (decision 170); off in other features' tests
    firstAccountIsAdmin: true,
    supportEmail: env.SUPPORT_EMAIL,
    microblogUrl: env.MICROBLOG_URL,
    photoSharingUrl: env.PHOTO_SHARING_URL,
    rateLimits: {
      // per IP per hour / per 15 minutes / per sender per 10 minutes / per user per hour
      signupPerHour: env.SIGNUP_RATE_LIMIT,
      loginPer15Min: env.LOGIN_RATE_LIMIT,
      // failed and successful log-ins to one account per 15 minutes, from all IPs together
      loginPerAccountPer15Min: env.LOGIN_ACCOUNT_RATE_LIMIT,
      questionsPer10Min: env.QUESTION_RATE_LIMIT,
      uploadsPerHour: env.UPLOAD_RATE_LIMIT,
    },
    // "Forgot password?" requests per IP per hour, and per address per hour
    passwordResetsPerHour: env.PASSWORD_RESET_RATE_LIMIT,
    // questions from the fediverse: from all accounts of one remote server per 10 minutes (one account: QUESTION_RATE_LIMIT)
    remoteQuestionsPerServerPer10Min: env.FEDERATION_QUESTIONS_PER_SERVER,
    // reports per user per hour (moderation)
    reportsPerHour: env.REPORT_RATE_LIMIT,
    sessionDays: env.SESSION_DAYS,
    webDistDir: env.WEB_DIST_DIR,
    // behind a reverse proxy, client IPs (rate limits) come from X-Forwarded-For: only as many hops
    // as there are proxies (a number), or only hops added by the proxies' addresses (a list)
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    push: {
      // both keys or neither: without them a pair is generated once and kept in app_settings
      vapidPublicKey: env.VAPID_PUBLIC_KEY,
      vapidPrivateKey: env.VAPID_PRIVATE_KEY,
      vapidSubject: env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL}`,
      worker: env.PUSH_WORKER === 'on',
      pollMs: env.PUSH_POLL_MS,
      maxAttempts: env.PUSH_MAX_ATTEMPTS,
      // follow and like pushes wait this long, so one undone at once sends nothing (decision 110)
      graceSeconds: env.PUSH_GRACE_SECONDS,
      // optional allow-list of push services (host names or *.domain); empty = any public https host
      allowedServices: env.PUSH_SERVICES.split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
      // devices per user; saving one more drops the oldest
      maxSubscriptionsPerUser: env.PUSH_MAX_SUBSCRIPTIONS,
      // tests only: a push service on loopback/private addresses (a local stand-in)
      allowPrivateAddresses: env.PUSH_ALLOW_PRIVATE_ADDRESSES === 'true',
    },
    sseHeartbeatMs: env.SSE_HEARTBEAT_MS,
    // a worker's claim on outbox rows: renewed while it sends, so only a worker gone this long loses it
    outboxLeaseSeconds: env.OUTBOX_LEASE_SECONDS,
    // on SIGTERM: how long requests under way may take before the server closes anyway
    shutdownDrainSeconds: env.SHUTDOWN_DRAIN_SECONDS,
    // Prometheus metrics: off unless a token (GET /metrics with a bearer token) or a port is set
    metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT },
    email: {
      // without SMTP_URL nothing is sent: the server logs each email (a reset link in full) instead
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `Askbox <no-reply@${new URL(env.PUBLIC_URL ?? 'http://localhost').hostname}>`,
      worker: env.EMAIL_WORKER === 'on',
      pollMs: env.EMAIL_POLL_MS,
      maxAttempts: env.EMAIL_MAX_ATTEMPTS,
      // the daily digest goes out at this hour, UTC
      digestHourUtc: env.EMAIL_DIGEST_HOUR,
    },
    // ActivityPub (docs/federation.md): needs PUBLIC_URL to be the public https origin
    federation: {
      enabled: env.FEDERATION === 'on',
      worker: env.FEDERATION_WORKER === 'on',
      pollMs: env.FEDERATION_POLL_MS,
      maxAttempts: env.FEDERATION_MAX_ATTEMPTS,
      // tests only: deliver to and fetch from loopback/private addresses (a peer server on this machine)
      allowPrivateAddresses: env.FEDERATION_ALLOW_PRIVATE_ADDRESSES === 'true',
      // answer ActivityPub reads only when signed, as Mastodon's AUTHORIZED_FETCH (decision 356)
      authorizedFetch: env.FEDERATION_AUTHORIZED_FETCH === 'true',
      // a remote peer can be slow on purpose (decision 345): what a received activity makes us fetch has a short deadline
      fetchTimeoutSeconds: env.FEDERATION_FETCH_TIMEOUT_SECONDS,
      // received activities waiting for the inbox worker, at most this many per remote account and per remote server
      inboxQueuePerActor: env.FEDERATION_INBOX_QUEUE_PER_ACTOR,
      inboxQueuePerServer: env.FEDERATION_INBOX_QUEUE_PER_SERVER,
      // a server that failed every request for this many days is skipped, both ways, until it answers again
      unavailableAfterDays: env.FEDERATION_UNAVAILABLE_AFTER_DAYS,
    },
    // who may create an account (features/instanceAccess, decision 280); the Instance screen's choice wins once made
    registrations: env.REGISTRATIONS,
    // proof-of-work on sign-up, on log-in after failures and on password reset (features/challenge, decision 282)
    challenge: { enabled: env.SIGNUP_CHALLENGE === 'on', difficulty: env.SIGNUP_CHALLENGE_DIFFICULTY },
    // the operator's own blocked email domains, beside the disposable-address list (decision 283)
    emailDomainBlocks: domainListOf(env.EMAIL_DOMAIN_BLOCKS),
    // new accounts confirm their address (a link by email) before they ask or answer (decision 284)
    emailVerification: env.EMAIL_VERIFICATION === 'on',
    // 0 = off; else sign-up asks 'I am at least N years old'
    minSignupAge: env.MIN_SIGNUP_AGE,
    // people without an account may ask receivers who turned it on, anonymously (features/visitors, decision 305)
    visitorQuestions: env.VISITOR_QUESTIONS === 'on',
    // Settings › Change username: the old name keeps leading to the account for a year (decision 369)
    usernameChanges: env.USERNAME_CHANGES === 'on',
    // an email to the owner when their account is signed in to from a browser it was never signed in from (decision 382)
    signInEmails: env.SIGN_IN_EMAILS === 'on',
    // your own profile offers your link, and your home feed has your own answers (decision 364)
    firstLook: env.FIRST_LOOK === 'on',
    maxTextLength: env.MAX_TEXT_LENGTH,
    // two-factor secrets are sealed with this key, else with one generated into `${dataDir}/two-factor.key` (features/twoFactor/sealing.ts)
    twoFactorKey: env.TWO_FACTOR_KEY,
    // uploaded images: files under `${diskDir ?? dataDir}/media`, served at /media/...
    storage: {
      driver: env.STORAGE,
      diskDir: env.STORAGE_DISK_DIR,
      // STORAGE=s3: an S3-compatible bucket, served by redirect (decision 148)
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1',
            publicUrl: env.S3_PUBLIC_URL,
          }
        : undefined,
    },
  }));

export type Config = z.output<typeof configSchema>;

/** A comma- or space-separated list of domains, lower-cased, without a leading '@'. */
export function domainListOf(value: string): string[] {
  return value
    .split(/[\s,]+/)
    .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
}

/** false (no proxy), a hop count, or the proxies' addresses: never "trust every hop". */
function parseTrustProxy(value: string): false | number | string[] {
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration in the environment:\n${lines.join('\n')}\nSee .env.example for every setting.`);
}

/** A config for tests: defaults with generous limits, overridable per test. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = configSchema.parse({
    LOG_LEVEL: 'silent',
    SIGNUP_RATE_LIMIT: '1000',
    LOGIN_RATE_LIMIT: '1000',
    LOGIN_ACCOUNT_RATE_LIMIT: '1000',
    QUESTION_RATE_LIMIT: '1000',
    REPORT_RATE_LIMIT: '1000',
    // pushes go out at once unless a test sets a grace period
    PUSH_GRACE_SECONDS: '0',
    PUSH_WORKER: 'off',
    EMAIL_WORKER: 'off',
    PASSWORD_RESET_RATE_LIMIT: '1000',
    FEDERATION_WORKER: 'off',
    // other features' tests start from an instance whose operator is already set up
    DEFAULT_FOLLOWS: 'none',
    // the challenge's own tests turn it on; others sign up without solving one
    SIGNUP_CHALLENGE: 'off',
  });
  base.firstAccountIsAdmin = false;
  return { ...base, ...overrides };
}
