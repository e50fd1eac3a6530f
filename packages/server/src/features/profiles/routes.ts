import { meResponseSchema, mentionLookupQuerySchema, mentionLookupSchema, profileSchema, updateProfileSchema, usernameParamsSchema } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { accountRateLimitKey, consumeRateLimit } from '../../rateLimit.js';
import { requireViewer } from '../../http/viewer.js';
import { readUploadedFile } from '../../http/uploadedFile.js';
import type { ImageKind } from '../../storage/images.js';
import { findUserByUsername } from '../users/lookup.js';
import { toMe } from '../users/views.js';
import { getProfile, mentionableUsernames, updateProfile } from './service.js';
import { replaceProfileImage } from './uploads.js';

export async function profileRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/api/users/:username',
    {
      schema: {
        tags: ['profiles'],
        summary: "A user's public profile; 403 blocked_by_user (no data) when they blocked you",
        params: usernameParamsSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return getProfile(ctx.db, viewer.id, await findUserByUsername(ctx.db, request.params.username));
    },
  );

  app.get(
    '/api/mentions',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Which of these @mentions name someone whose profile opens (linked; the others stay text)',
        querystring: mentionLookupQuerySchema,
        response: { 200: mentionLookupSchema },
      },
    },
    async (request) => {
      requireViewer(request);
      return { usernames: await mentionableUsernames(ctx.db, request.query.usernames) };
    },
  );

  app.patch(
    '/api/me/profile',
    { schema: { tags: ['profiles'], summary: 'Change your full name, bio and website', body: updateProfileSchema, response: { 200: meResponseSchema } } },
    async (request) => {
      const viewer = requireViewer(request);
      return { user: toMe(await updateProfile(ctx, viewer.id, request.body)) };
    },
  );

  const uploadRoute = (url: string, kind: ImageKind, summary: string) =>
    app.post(url, { schema: { tags: ['profiles'], summary, consumes: ['multipart/form-data'], response: { 200: meResponseSchema } } }, async (request) => {
      const viewer = requireViewer(request);
      await consumeRateLimit(ctx.db, accountRateLimitKey.upload(viewer.id), ctx.config.rateLimits.uploadsPerHour, 3600);
      const bytes = await readUploadedFile(request);
      return { user: toMe(await replaceProfileImage(ctx, viewer.id, kind, bytes)) };
    });
  uploadRoute('/api/me/avatar', 'profile', 'Upload a new profile picture (multipart field "file", 5 MB max)');
  uploadRoute('/api/me/cover', 'cover', 'Upload a new cover image (multipart field "file", 5 MB max)');
}
