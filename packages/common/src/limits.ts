/** Business constants of the product, shared by server and web. */
export const MAX_TEXT_LENGTH = 300; // questions, answers, global question (the spec's; MAX_TEXT_LENGTH env may raise it)
/** The most an operator may raise the text limit to (MAX_TEXT_LENGTH env, decision 317). */
export const MAX_TEXT_LENGTH_CEILING = 2000;
export const PAGE_SIZE = 20; // home feed and profile answers
export const RECOMMENDED_FRIENDS_MAX = 20;
export const SEARCH_RESULTS_MAX = 20;
/** The Activity tab covers the last 7 days counted from midnight. */
export const ACTIVITY_WINDOW_DAYS = 7;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_FULLNAME_LENGTH = 80;
export const MAX_USERNAME_LENGTH = 30;
/** A username may be changed once in this many days. */
export const USERNAME_CHANGE_DAYS = 30;
/** An old username keeps leading to its account, and is nobody else's, for this many days. */
export const OLD_USERNAME_HELD_DAYS = 365;
export const MAX_BIO_LENGTH = 500;
export const MAX_WEBSITE_LENGTH = 300;
export const SPLASH_MIN_MS = 2000;
export const SPLASH_FADE_MS = 500;
export const PWA_PROMPT_DELAY_MS = 3000;
export const PWA_PROMPT_INTERVAL_DAYS = 30;
export const NOTIFICATIONS_UNSUPPORTED_REDIRECT_MS = 2000;
export const NAV_BADGE_CLEAR_MS = 500;
export const BADGE_CAP = 99;
export const PUSH_SUBSCRIPTION_REFRESH_DAYS = 7;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

// Limits of our own (not in the spec); the refusals that name them read them from here (errors.ts)
/** A muted-words list holds at most this many entries of at most this many characters. */
export const MUTED_WORDS_MAX = 100;
export const MUTED_WORD_MAX_LENGTH = 50;
/** 'Ask my followers': at most this many a day per person. */
export const FOLLOWER_QUESTIONS_PER_DAY = 3;
/** The Filtered folder keeps a question a muted word kept out for this many days, then purges it. */
export const FILTERED_KEEP_DAYS = 30;
/** 'Who may ask me: accounts older than N days' takes N from 1 to this. */
export const WHO_MAY_ASK_MAX_DAYS = 365;
/** How many answers one may pin to the top of one's profile. */
export const PINNED_ANSWERS_MAX = 3;
/** How many remote accounts and servers one user may block: enough for any real use, not without bound. */
export const REMOTE_BLOCKS_MAX = 1000;
export const MAX_REPORT_DETAILS_LENGTH = 500;
/** "Why do you want to join?" (REGISTRATIONS=approval) */
export const MAX_SIGNUP_REASON_LENGTH = 500;
/** The longest reason a moderator can give for a suspension. */
export const MAX_SUSPENSION_REASON_LENGTH = 500;
/** The longest appeal a suspended person can send. */
export const MAX_APPEAL_LENGTH = 1000;
/** An answer's content warning: a short line shown instead of the answer until opened. */
export const MAX_CONTENT_WARNING_LENGTH = 100;
/** The alt text of an answer's picture (the fediverse's usual limit). */
export const MAX_PICTURE_ALT_LENGTH = 1500;
/** The largest account archive an instance takes for import, in megabytes (the refusal names it). */
export const MAX_ARCHIVE_MEGABYTES = 50;
export const MAX_ARCHIVE_BYTES = MAX_ARCHIVE_MEGABYTES * 1024 * 1024;
/** The most an archive's files may hold once unpacked (a small file that unpacks to gigabytes is refused). */
export const MAX_ARCHIVE_UNPACKED_BYTES = 4 * MAX_ARCHIVE_BYTES;
/** The most answers (and followed accounts) one archive may carry. */
export const MAX_ARCHIVE_ANSWERS = 50_000;

/** Old fediverse accounts an account may name as itself (`alsoKnownAs`): enough for a few moves. */
export const ACCOUNT_ALIASES_MAX = 5;
/** One move to a new fediverse account per this many days, as Mastodon allows. */
export const MOVE_INTERVAL_DAYS = 30;
