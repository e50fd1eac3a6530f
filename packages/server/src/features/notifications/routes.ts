import {
  activityGroupListSchema,
  activityGroupParamsSchema,
  activityGroupPeopleSchema,
  activityListSchema,
  answerNotificationListSchema,
  countersSchema,
  cursorQuerySchema,
  markReadSchema,
} from '@askbox/common';
import type { AppInstance } from '../../http/types.js';
import type { AppContext } from '../../context.js';
import { requireViewer } from '../../http/viewer.js';
import { activityFor, answersFor, countersFor, markRead } from './service.js';
import { activityGroupPeople, activityGroupsFor } from './groups.js';
import { activityGroup, activityGroupPerson, activityItem, answerNotification } from './views.js';

export async function notificationRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/api/notifications/activity',
    { schema: { tags: ['notifications'], summary: 'Follows and likes received in the last 7 days', response: { 200: activityListSchema } } },
    async (request) => {
      const viewer = requireViewer(request);
      const { rows, lastRead } = await activityFor(ctx.db, viewer.id);
      return { items: rows.map((r) => activityItem(r, lastRead)), nextCursor: null };
    },
  );

  app.get(
    '/api/notifications/activity/groups',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The Activity tab grouped per answer and per day, newest first',
        querystring: cursorQuerySchema,
        response: { 200: activityGroupListSchema },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const page = await activityGroupsFor(ctx.db, viewer.id, request.query.cursor);
      return { items: page.rows.map((r) => activityGroup(r, page)), nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/api/notifications/activity/groups/:groupId/people',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Everyone in one Activity group, newest first',
        params: activityGroupParamsSchema,
        querystring: cursorQuerySchema,
        response: { 200: activityGroupPeopleSchema },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const page = await activityGroupPeople(ctx.db, viewer.id, request.params.groupId, request.query.cursor);
      return { items: page.rows.map(activityGroupPerson), nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/api/notifications/answers',
    { schema: { tags: ['notifications'], summary: 'Answers to questions the viewer sent', response: { 200: answerNotificationListSchema } } },
    async (request) => {
      const viewer = requireViewer(request);
      const { rows, lastRead } = await answersFor(ctx.db, viewer.id);
      return { items: rows.map((r) => answerNotification(r, lastRead)), nextCursor: null };
    },
  );

  app.post(
    '/api/notifications/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark a tab read (stores now as its last-read time)',
        body: markReadSchema,
        response: { 200: countersSchema },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      await markRead(ctx, viewer.id, request.body.tab);
      return countersFor(ctx.db, viewer.id);
    },
  );

  app.get('/api/me/counters', { schema: { tags: ['notifications'], summary: 'Nav badge counts', response: { 200: countersSchema } } }, async (request) =>
    countersFor(ctx.db, requireViewer(request).id),
  );
}
