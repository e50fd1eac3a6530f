import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '@askbox/common';
import { AppError } from '../errors.js';

/** The bytes of the multipart field 'file', with the spec's messages for missing or oversized files. */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('no_file');
  let file;
  try {
    file = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
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

const tooLarge = () => new AppError('file_too_large');
