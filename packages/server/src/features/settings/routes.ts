import { accountSettingsSchema, updateAccountSettingsSchema } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { requireViewer } from '../../http/viewer.js';
import { getAccountSettings, updateAccountSettings } from './service.js';

export async function settingsRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get('/api/me/settings', { schema: { tags: ['settings'], summary: 'Your preferences', response: { 200: accountSettingsSchema } } }, async (request) =>
    getAccountSettings(ctx.db, requireViewer(request).id),
  );

  app.patch(
    '/api/me/settings',
    {
      schema: {
        tags: ['settings'],
        summary: 'Change some of your preferences (only the fields sent)',
        body: updateAccountSettingsSchema,
        response: { 200: accountSettingsSchema },
      },
    },
    async (request) => updateAccountSettings(ctx, requireViewer(request).id, request.body, ctx.clock.now()),
  );
}
