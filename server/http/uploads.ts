import type { FastifyRequest } from 'fastify';
import { AppError } from '../kernel/errors.ts';

/**
 * The bytes of the one file of a multipart upload. Not multipart or no file: 400 `notAFileKey`; over the
 * size limit the multipart plugin was given: 413 `tooLargeKey`; broken multipart (no boundary, no closing
 * boundary, cut short): 400 "The request is not valid."
 */
export async function readUploadedFile(
  request: FastifyRequest,
  messages: { notAFileKey: string; tooLargeKey: string },
): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(400, messages.notAFileKey);
  try {
    const file = await request.file();
    if (!file) throw new AppError(400, messages.notAFileKey);
    return await file.toBuffer();
  } catch (error) {
    throw uploadError(error, messages);
  }
}

function uploadError(error: unknown, messages: { notAFileKey: string; tooLargeKey: string }) {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE' || statusCode === 413) return new AppError(413, messages.tooLargeKey);
  // Busboy's own parse errors carry no status: they all mean the multipart body is malformed.
  return new AppError(statusCode && statusCode >= 400 && statusCode < 500 ? statusCode : 400, 'errors.invalidRequest');
}
