import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '@askbox/common';
import { AppError } from '../errors.js';

/** How large a file may be, and the refusal past that (an image's by default). */
export interface UploadLimit {
  bytes: number;
  code: 'file_too_large' | 'archive_too_large';
}
const IMAGE_LIMIT: UploadLimit = { bytes: MAX_UPLOAD_BYTES, code: 'file_too_large' };

/** The bytes of the multipart field 'file', with the spec's messages for missing or oversized files. */
export async function readUploadedFile(request: FastifyRequest, limit: UploadLimit = IMAGE_LIMIT): Promise<Buffer> {
  const tooLarge = () => new AppError(limit.code);
  if (!request.isMultipart()) throw new AppError('no_file');
  let file;
  try {
    file = await request.file({ limits: { fileSize: limit.bytes, files: 1 } });
  } catch {
    throw new AppError('no_file');
  }
  if (!file || file.fieldname !== 'file') throw new AppError('no_file');
  try {
    const bytes = await file.toBuffer();
    if (file.file.truncated) throw tooLarge();
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new AppError('no_file');
  }
}
