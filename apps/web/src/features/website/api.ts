import type { WebsiteAdmin, WebsiteImage, WebsiteSettingsInput } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api-client.ts';
import { useQuerySettingMutation } from '../../lib/mutations.ts';

export const websiteAdminQuery = queryOptions({
  queryKey: ['website', 'admin'],
  queryFn: () => apiFetch<WebsiteAdmin>('/admin/website'),
});

/** Saves the settings; the public configuration (theme, home page) is read again so the change shows at once. */
export const useSaveWebsite = () =>
  useQuerySettingMutation(
    websiteAdminQuery.queryKey,
    (settings: WebsiteSettingsInput) => apiFetch<WebsiteAdmin>('/admin/website', { method: 'PUT', body: settings }),
    [['config']],
  );

/** Uploads one photo (resized on the server), reporting the share sent so far (0–1). */
export function uploadWebsiteImage(file: File, onProgress: (share: number) => void): Promise<WebsiteImage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/admin/website/images');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as { error?: { code: string; message: string } } | WebsiteImage | null;
      if (request.status >= 200 && request.status < 300 && body && !('error' in body)) resolve(body as WebsiteImage);
      else if (body && 'error' in body && body.error)
        reject(new ApiError(body.error.code, request.status, body.error.message));
      else reject(new ApiError('HTTP_ERROR', request.status, 'The photo could not be uploaded. Please try again.'));
    };
    request.onerror = () =>
      reject(new ApiError('NETWORK', 0, 'The upload failed: check the connection and try again.'));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
