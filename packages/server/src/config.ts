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
    STORAGE: z.enum(['disk']).default('disk'),
    STORAGE_DISK_DIR: optionalString,
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
  const base = configSchema.parse({ LOG_LEVEL: 'silent', SIGNUP_RATE_LIMIT: '1000', LOGIN_RATE_LIMIT: '1000', QUESTION_RATE_LIMIT: '1000' });
  return { ...base, ...overrides };
}
