import type { MeResponse } from '@askbox/common';
import { errorFromResponse, networkError, parseBody } from '../../api/client';

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
      const data = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(data as MeResponse);
      } else {
        reject(errorFromResponse(xhr.status, data, xhr.getResponseHeader('retry-after')));
      }
    };
    xhr.onerror = () => reject(networkError());
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
