import zlib from 'node:zlib';
import * as tar from 'tar';
import {
  ARCHIVE_DOCUMENT,
  ARCHIVE_PICTURE_PATH,
  ARCHIVE_VERSION,
  MAX_ARCHIVE_BYTES,
  MAX_ARCHIVE_UNPACKED_BYTES,
  archiveDocumentSchema,
  archiveHeaderSchema,
  type ArchiveDocument,
} from '@askbox/common';
import { concurrencyLimit } from '../../concurrencyLimit.js';
import { AppError } from '../../errors.js';

/** One file of an archive: its path inside and its bytes. */
export interface ArchiveFile {
  path: string;
  data: Buffer;
}

const BLOCK = 512;
const ENTRY_TIME = new Date(0);

/**
 * A tar.gz of `files`, in the order given, built in memory with tar's own headers (decision 373).
 * Every entry has the same mode, owner and time (the Unix epoch: the export's own time is in
 * archive.json), and gzip writes no time or name, so the same content gives the same bytes:
 * nothing in the file depends on when or where it was packed.
 */
export function packArchive(files: ArchiveFile[]): Buffer {
  const parts: Buffer[] = [];
  for (const file of files) {
    const header = new tar.Header({
      path: file.path,
      mode: 0o644,
      uid: 0,
      gid: 0,
      size: file.data.length,
      mtime: ENTRY_TIME,
      type: 'File',
      uname: '',
      gname: '',
    });
    const block = Buffer.alloc(BLOCK);
    if (header.encode(block, 0)) throw new Error(`archive path too long: ${file.path}`);
    parts.push(block, file.data, Buffer.alloc((BLOCK - (file.data.length % BLOCK)) % BLOCK));
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  return zlib.gzipSync(Buffer.concat(parts));
}

/** What an import reads: the document, checked, and the pictures it names. */
export interface UnpackedArchive {
  document: ArchiveDocument;
  pictures: Map<string, Buffer>;
}

const malformed = () => new AppError('archive_malformed');

/**
 * Reads an uploaded archive, refusing with one code each: `archive_too_large` (the file, or what
 * it unpacks to, over the limits), `archive_version_unsupported` (a format version newer than
 * ARCHIVE_VERSION), `archive_malformed` (not a tar.gz, no or invalid archive.json, an unexpected
 * entry, a picture it names missing). Entries are refused by their declared size before their
 * bytes are unpacked, so a small file that unpacks to gigabytes stops at its first header.
 */
export function unpackArchive(bytes: Uint8Array): Promise<UnpackedArchive> {
  if (bytes.length > MAX_ARCHIVE_BYTES) return Promise.reject(new AppError('archive_too_large'));
  return unpacking(() => unpack(bytes));
}

/**
 * Archives unpacked at once, process-wide: each may hold up to MAX_ARCHIVE_UNPACKED_BYTES in
 * memory, so a burst of uploads (and the worker) wait in line instead of exhausting it.
 */
export const ARCHIVES_UNPACKED_AT_ONCE = 2;
const unpacking = concurrencyLimit(ARCHIVES_UNPACKED_AT_ONCE);

async function unpack(bytes: Uint8Array): Promise<UnpackedArchive> {
  // gzip's magic bytes: anything else is not an archive (tar's parser would take a plain tar too)
  if (bytes.length < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) throw malformed();
  const files = new Map<string, Buffer>();
  let refusal: AppError | null = null;
  let unpacked = 0;
  await new Promise<void>((resolve) => {
    const parser = new tar.Parser({
      strict: true,
      onReadEntry(entry) {
        unpacked += entry.size;
        if (refusal) return entry.resume();
        if (unpacked > MAX_ARCHIVE_UNPACKED_BYTES) refusal = new AppError('archive_too_large');
        else if (entry.type !== 'File' || (entry.path !== ARCHIVE_DOCUMENT && !ARCHIVE_PICTURE_PATH.test(entry.path)) || files.has(entry.path))
          refusal = malformed();
        if (refusal) {
          parser.abort(refusal);
          return entry.resume();
        }
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => files.set(entry.path, Buffer.concat(chunks)));
      },
    });
    parser.on('error', (error: unknown) => {
      refusal ??= error instanceof AppError ? error : malformed();
      resolve();
    });
    parser.on('abort', () => resolve());
    parser.on('end', () => resolve());
    parser.on('close', () => resolve());
    parser.end(Buffer.from(bytes));
  });
  if (refusal) throw refusal;
  return { document: readDocument(files.get(ARCHIVE_DOCUMENT)), pictures: withPictures(files) };
}

function readDocument(json: Buffer | undefined): ArchiveDocument {
  if (!json) throw malformed();
  let parsed: unknown;
  try {
    parsed = JSON.parse(json.toString('utf8'));
  } catch {
    throw malformed();
  }
  const header = archiveHeaderSchema.safeParse(parsed);
  if (!header.success) throw malformed();
  if (header.data.version > ARCHIVE_VERSION) throw new AppError('archive_version_unsupported');
  const document = archiveDocumentSchema.safeParse(parsed);
  if (!document.success) throw malformed();
  return document.data;
}

function withPictures(files: Map<string, Buffer>): Map<string, Buffer> {
  files.delete(ARCHIVE_DOCUMENT);
  return files;
}

/** Every picture the document names is in the archive (checked once, when the file is taken). */
export function checkPictures({ document, pictures }: UnpackedArchive): void {
  const named = [document.profile.avatar, document.profile.cover, ...document.answers.map((a) => a.picture?.path ?? null)];
  for (const path of named) if (path !== null && !pictures.has(path)) throw malformed();
  const ids = new Set(document.answers.map((a) => a.id));
  if (ids.size !== document.answers.length) throw malformed();
}
