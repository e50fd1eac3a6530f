import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Every setting, read from the environment once at start-up; `.env.example` lists them. */
export const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalString,
    PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DEFAULT_FOLLOWS: z.string().default(''),
    SUPPORT_EMAIL: z.string().default('support@askbox.local'),
    MICROBLOG_URL: z.string().default('https://x.com/askbox'),
    PHOTO_SHARING_URL: z.string().default('https://instagram.com/askbox'),
    SIGNUP_RATE_LIMIT: positiveInt(30),
    LOGIN_RATE_LIMIT: positiveInt(30),
    QUESTION_RATE_LIMIT: positiveInt(10),
    UPLOAD_RATE_LIMIT: positiveInt(30),
    SESSION_DAYS: positiveInt(30),
    WEB_DIST_DIR: optionalString,
    TRUST_PROXY: z.enum(['true', 'false', '1', '0', '']).default('false'),
    VAPID_PUBLIC_KEY: optionalString,
    VAPID_PRIVATE_KEY: optionalString,
    VAPID_SUBJECT: optionalString,
    PUSH_WORKER: z.enum(['on', 'off']).default('on'),
    PUSH_POLL_MS: positiveInt(2000),
    PUSH_MAX_ATTEMPTS: positiveInt(6),
    SSE_HEARTBEAT_MS: positiveInt(25000),
    STORAGE: z.enum(['disk']).default('disk'),
    STORAGE_DISK_DIR: optionalString,
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
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    defaultFollows: env.DEFAULT_FOLLOWS.split(',')
      .map((u) => u.trim().toLowerCase())
      .filter(Boolean),
    supportEmail: env.SUPPORT_EMAIL,
    microblogUrl: env.MICROBLOG_URL,
    photoSharingUrl: env.PHOTO_SHARING_URL,
    rateLimits: {
      // per IP per hour / per 15 minutes / per sender per 10 minutes / per user per hour
      signupPerHour: env.SIGNUP_RATE_LIMIT,
      loginPer15Min: env.LOGIN_RATE_LIMIT,
      questionsPer10Min: env.QUESTION_RATE_LIMIT,
      uploadsPerHour: env.UPLOAD_RATE_LIMIT,
    },
    sessionDays: env.SESSION_DAYS,
    webDistDir: env.WEB_DIST_DIR,
    // behind a reverse proxy, client IPs (rate limits) come from X-Forwarded-For
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    push: {
      // both keys or neither: without them a pair is generated once and kept in app_settings
      vapidPublicKey: env.VAPID_PUBLIC_KEY,
      vapidPrivateKey: env.VAPID_PRIVATE_KEY,
      vapidSubject: env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL}`,
      worker: env.PUSH_WORKER === 'on',
      pollMs: env.PUSH_POLL_MS,
      maxAttempts: env.PUSH_MAX_ATTEMPTS,
    },
    sseHeartbeatMs: env.SSE_HEARTBEAT_MS,
    // uploaded images: files under `${diskDir ?? dataDir}/media`, served at /media/...
    storage: { driver: env.STORAGE, diskDir: env.STORAGE_DISK_DIR },
  }));

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration in the environment:\n${lines.join('\n')}\nSee .env.example for every setting.`);
}

/** A config for tests: defaults with generous limits, overridable per test. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = configSchema.parse({ LOG_LEVEL: 'silent', SIGNUP_RATE_LIMIT: '1000', LOGIN_RATE_LIMIT: '1000', QUESTION_RATE_LIMIT: '1000', PUSH_WORKER: 'off' });
  return { ...base, ...overrides };
}
