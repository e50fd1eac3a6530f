import { messages, type ApiErrorBody, type MeResponse } from '@askbox/common';
import { ApiError } from '../../api/client';

/** fetch() cannot report upload progress; XMLHttpRequest can. */
export function uploadWithProgress(url: string, file: File, onProgress: (percent: number) => void): Promise<MeResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(data as MeResponse);
      } else {
        const error = (data as ApiErrorBody | undefined)?.error;
        reject(new ApiError(xhr.status, error?.code ?? 'error', error?.message ?? messages.somethingWentWrong));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', messages.somethingWentWrong));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
