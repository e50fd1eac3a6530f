import { enFirst as en, type Catalog } from './i18n/en.js';
import {
  MAX_BIO_LENGTH,
  MAX_FULLNAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_REPORT_DETAILS_LENGTH,
  MAX_SIGNUP_REASON_LENGTH,
  MAX_TEXT_LENGTH,
  MAX_USERNAME_LENGTH,
  MAX_WEBSITE_LENGTH,
  MIN_PASSWORD_LENGTH,
  MUTED_WORD_MAX_LENGTH,
  MUTED_WORDS_MAX,
  PINNED_ANSWERS_MAX,
  REMOTE_BLOCKS_MAX,
  MAX_SUSPENSION_REASON_LENGTH,
  MAX_APPEAL_LENGTH,
  MAX_CONTENT_WARNING_LENGTH,
  MAX_PICTURE_ALT_LENGTH,
  MAX_ARCHIVE_MEGABYTES,
  ACCOUNT_ALIASES_MAX,
  MOVE_INTERVAL_DAYS,
} from './limits.js';

/**
 * Every refusal the server can send, by name: the keys of the catalogs' `errors` section, so a code
 * without an English and a French text does not compile. The API sends the code (with the values
 * its text names) and the English text as `message`; the web shows `errors.<code>` in the user's
 * language. Nothing reads an English text back into a meaning.
 */
export type ErrorCode = keyof typeof en.errors;

type Placeholders<Text extends string> = Text extends `${string}{{${infer Name}}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** The values a code's text names: `{ max: 300 }` for 'Question must be at most {{max}} characters'. */
export type ErrorParams<C extends ErrorCode> = { readonly [Name in Placeholders<(typeof en.errors)[C]>]: string | number };

/** A refusal: its code and the values its text names. */
export interface ErrorDetail {
  code: ErrorCode;
  params?: Readonly<Record<string, string | number>>;
}

/** The one error shape of the API: `{ error: { code, message, params? } }`, `message` the English text. */
export interface ApiErrorBody {
  error: ErrorDetail & { message: string };
}

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && Object.hasOwn(en.errors, value);

/** A schema's message: an error code, checked by the compiler (schemas never carry English). */
export const errorCode = <C extends ErrorCode>(code: C): C => code;

/**
 * The limits that refusals name, from the constants the checks use, so a text cannot state another
 * limit than the one enforced. These codes are raised without params; the values come from here.
 */
export const errorLimits = {
  username_too_long: { max: MAX_USERNAME_LENGTH },
  fullname_too_long: { max: MAX_FULLNAME_LENGTH },
  password_too_short: { min: MIN_PASSWORD_LENGTH },
  password_too_long: { max: MAX_PASSWORD_LENGTH },
  question_too_long: { max: MAX_TEXT_LENGTH },
  answer_too_long: { max: MAX_TEXT_LENGTH },
  reply_too_long: { max: MAX_TEXT_LENGTH },
  content_warning_too_long: { max: MAX_CONTENT_WARNING_LENGTH },
  picture_alt_too_long: { max: MAX_PICTURE_ALT_LENGTH },
  bio_too_long: { max: MAX_BIO_LENGTH },
  website_too_long: { max: MAX_WEBSITE_LENGTH },
  muted_word_too_long: { max: MUTED_WORD_MAX_LENGTH },
  muted_words_full: { max: MUTED_WORDS_MAX },
  remote_blocks_full: { max: REMOTE_BLOCKS_MAX },
  pins_full: { max: PINNED_ANSWERS_MAX },
  suspension_reason_too_long: { max: MAX_SUSPENSION_REASON_LENGTH },
  appeal_text_too_long: { max: MAX_APPEAL_LENGTH },
  report_details_too_long: { max: MAX_REPORT_DETAILS_LENGTH },
  signup_reason_too_long: { max: MAX_SIGNUP_REASON_LENGTH },
  archive_too_large: { max: MAX_ARCHIVE_MEGABYTES },
  aliases_full: { max: ACCOUNT_ALIASES_MAX },
  move_too_soon: { days: MOVE_INTERVAL_DAYS },
} as const satisfies { [C in ErrorCode]?: ErrorParams<C> };

/** What raising `code` takes besides the code: the values its text names, unless they are limits above. */
export type ErrorArgs<C extends ErrorCode> = C extends keyof typeof errorLimits ? [] : [keyof ErrorParams<C>] extends [never] ? [] : [params: ErrorParams<C>];

const limitsOf = (code: ErrorCode): ErrorDetail['params'] => (errorLimits as Partial<Record<ErrorCode, ErrorDetail['params']>>)[code];
const detail = (code: ErrorCode, params: ErrorDetail['params']): ErrorDetail => (params ? { code, params } : { code });

/** A refusal with the values its text names (limits filled in). */
export function errorDetail<C extends ErrorCode>(code: C, ...[params]: ErrorArgs<C>): ErrorDetail {
  return detail(code, params ?? limitsOf(code));
}

/** A schema's refusal (a zod issue): its message is our code; a rule without a code of ours is `invalid_input`. */
export function errorOfIssue(issue: { message?: string; params?: Record<string, unknown> } | undefined): ErrorDetail {
  const code = issue?.message;
  // a limit the schema was made with (the instance's text limit) names itself; others come from errorLimits
  const max = issue?.params?.max;
  const params = typeof max === 'number' ? { max } : limitsOf(code as ErrorCode);
  return isErrorCode(code) ? detail(code, params) : { code: 'invalid_input' };
}

/** A refusal's text in one language: the server's `message` is `errorText(en, detail)`. */
export function errorText(catalog: Catalog, { code, params }: ErrorDetail): string {
  return catalog.errors[code].replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => String(params?.[name] ?? placeholder));
}
