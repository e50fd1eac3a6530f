import type { PendingPicture } from '@askbox/common';
import { api } from '../../api/client';

/** Stores the picture of an answer to come; the answer then sends it with its alt text (decision 316). */
export function uploadAnswerPicture(questionId: string, file: File): Promise<PendingPicture> {
  const form = new FormData();
  form.append('file', file);
  return api.post<PendingPicture>(`/api/questions/${encodeURIComponent(questionId)}/picture`, form);
}
