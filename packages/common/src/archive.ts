import { z } from 'zod';
import {
  MAX_ARCHIVE_ANSWERS,
  MAX_BIO_LENGTH,
  MAX_CONTENT_WARNING_LENGTH,
  MAX_FULLNAME_LENGTH,
  MAX_PICTURE_ALT_LENGTH,
  MAX_TEXT_LENGTH_CEILING,
  MAX_USERNAME_LENGTH,
  MAX_WEBSITE_LENGTH,
} from './limits.js';

/**
 * The account archive (docs/archive-format.md): one tar.gz file holding `archive.json` and the
 * pictures it names by path. The format's name and version are in `archive.json`; an importer
 * refuses a version newer than the one it knows.
 */
export const ARCHIVE_FORMAT = 'askbox-archive';
export const ARCHIVE_VERSION = 1;
/** The name of the document inside the archive. */
export const ARCHIVE_DOCUMENT = 'archive.json';

const isoDate = z.iso.datetime({ offset: true });
/** Paths of pictures inside the archive: the exporter writes only these. */
export const ARCHIVE_PICTURE_PATH = /^pictures\/(avatar|cover|answers\/[A-Za-z0-9-]{1,64})\.jpg$/;
const picturePath = z.string().regex(ARCHIVE_PICTURE_PATH);

/** Someone named as text: a display name and a fediverse handle (`@name@host`), never an id. */
export const archivePersonSchema = z.object({ name: z.string().max(200), handle: z.string().max(300) });

export const archiveAnswerSchema = z.object({
  /** the answer's own id on the instance it comes from: what makes a second import find it again */
  id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
  question: z.string().min(1).max(MAX_TEXT_LENGTH_CEILING),
  /** null for an anonymous question (and a global one): nothing about who sent it */
  asker: archivePersonSchema.nullable(),
  askedAt: isoDate,
  answer: z.string().min(1).max(MAX_TEXT_LENGTH_CEILING),
  answeredAt: isoDate,
  contentWarning: z.string().max(MAX_CONTENT_WARNING_LENGTH).nullable(),
  picture: z
    .object({ path: picturePath, alt: z.string().max(MAX_PICTURE_ALT_LENGTH), width: z.number().int().nonnegative(), height: z.number().int().nonnegative() })
    .nullable(),
});

export const archiveFollowSchema = archivePersonSchema.extend({
  /** the account's ActivityPub actor when its profile was public there; null otherwise */
  actorUri: z.url().nullable(),
  since: isoDate,
});

/** Only `format` and `version` are read before the rest: a newer version is refused by its number, not by its shape. */
export const archiveHeaderSchema = z.object({ format: z.literal(ARCHIVE_FORMAT), version: z.number().int().positive() });

export const archiveDocumentSchema = archiveHeaderSchema.extend({
  exportedAt: isoDate,
  /** where the archive was made: the instance's address and the account's handle there */
  source: z.object({ instance: z.url(), handle: z.string().max(300) }),
  profile: z.object({
    username: z.string().max(MAX_USERNAME_LENGTH),
    fullname: z.string().max(MAX_FULLNAME_LENGTH),
    bio: z.string().max(MAX_BIO_LENGTH),
    website: z.string().max(MAX_WEBSITE_LENGTH),
    createdAt: isoDate,
    avatar: picturePath.nullable(),
    cover: picturePath.nullable(),
  }),
  answers: z.array(archiveAnswerSchema).max(MAX_ARCHIVE_ANSWERS),
  following: z.array(archiveFollowSchema).max(MAX_ARCHIVE_ANSWERS),
});
export type ArchiveDocument = z.infer<typeof archiveDocumentSchema>;
export type ArchiveAnswer = z.infer<typeof archiveAnswerSchema>;
export type ArchiveFollow = z.infer<typeof archiveFollowSchema>;

/** An import's states: waiting for a worker, under way, finished, or stopped by a refusal. */
export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** What Settings › Account shows of the latest import (it survives a reload: it is read from the server). */
export const accountImportSchema = z.object({
  id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  itemsTotal: z.number().int(),
  itemsDone: z.number().int(),
  /** answers added by this import (an answer already imported before is counted done, not added) */
  added: z.number().int(),
  /** why it stopped, as an error code (status 'failed') */
  error: z.string().nullable(),
  /** the accounts followed where the archive comes from: listed to be followed again by hand */
  following: z.array(archiveFollowSchema),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type AccountImport = z.infer<typeof accountImportSchema>;
export const latestImportSchema = z.object({ import: accountImportSchema.nullable() });

/** Progress as a whole percentage (an empty archive is done at once). */
export const importPercent = (job: Pick<AccountImport, 'itemsDone' | 'itemsTotal'>): number =>
  job.itemsTotal === 0 ? 100 : Math.min(100, Math.floor((job.itemsDone * 100) / job.itemsTotal));
