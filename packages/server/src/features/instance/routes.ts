import { z } from 'zod';
import {
  adminAnnouncementSchema,
  announcementInputSchema,
  currentAnnouncementSchema,
  INSTANCE_PAGES,
  instancePageSchema,
  instanceRulesSchema,
  LOCALES,
  updateInstancePageSchema,
  type Locale,
} from '@askbox/common';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { requireAdmin, requireViewer } from '../../http/viewer.js';
import { localeOf } from '../../i18n/translator.js';
import {
  currentAnnouncement,
  dismissAnnouncement,
  endAnnouncements,
  instancePage,
  instanceRules,
  latestAnnouncement,
  saveInstancePage,
  scheduleAnnouncement,
} from './service.js';

const slugParamsSchema = z.object({ slug: z.enum(INSTANCE_PAGES) });
const localeQuerySchema = z.object({ locale: z.enum(LOCALES).optional() });
const idParamsSchema = z.object({ id: z.string().max(100) });

/** The language the web app shows (it sends it), else the account's, else English. */
const localeFor = (request: FastifyRequest, asked: Locale | undefined): Locale => asked ?? localeOf(request.viewer?.locale);

export async function instanceRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  // admins only: the role is checked before the input, so a non-admin learns nothing about it
  const adminOnly = {
    preValidation: async (request: FastifyRequest) => {
      requireAdmin(request);
    },
  };

  app.get(
    '/api/pages/:slug',
    {
      schema: {
        tags: ['instance'],
        summary: "One of the instance's pages (about, rules, terms, privacy), readable signed out",
        params: slugParamsSchema,
        querystring: localeQuerySchema,
        response: { 200: instancePageSchema },
      },
    },
    async (request) => instancePage(ctx.db, request.params.slug, localeFor(request, request.query.locale)),
  );

  app.get(
    '/api/rules',
    {
      schema: {
        tags: ['instance'],
        summary: "The instance's rules (the list items of the Rules page an admin wrote; none with the default text): reasons a report may name",
        response: { 200: instanceRulesSchema },
      },
    },
    async () => ({ rules: await instanceRules(ctx.db) }),
  );

  app.put(
    '/api/admin/pages/:slug',
    {
      schema: {
        tags: ['instance'],
        summary: 'Write a page in Markdown (admins only); empty Markdown restores the default text',
        params: slugParamsSchema,
        querystring: localeQuerySchema,
        body: updateInstancePageSchema,
        response: { 200: instancePageSchema },
      },
      ...adminOnly,
    },
    async (request) => {
      const admin = requireAdmin(request);
      return saveInstancePage(ctx, admin, request.params.slug, request.body.markdown, localeFor(request, request.query.locale));
    },
  );

  app.get(
    '/api/announcement',
    {
      schema: {
        tags: ['instance'],
        summary: 'The announcement shown now, in your language when given; none once you closed it',
        querystring: localeQuerySchema,
        response: { 200: currentAnnouncementSchema },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return { announcement: await currentAnnouncement(ctx, viewer.id, localeFor(request, request.query.locale)) };
    },
  );

  app.post(
    '/api/announcement/:id/dismiss',
    {
      schema: { tags: ['instance'], summary: 'Close an announcement, on every device', params: idParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await dismissAnnouncement(ctx.db, viewer.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/admin/announcement',
    {
      schema: { tags: ['instance'], summary: 'The latest announcement as written (admins only)', response: { 200: adminAnnouncementSchema } },
      ...adminOnly,
    },
    async (request) => {
      requireAdmin(request);
      return { announcement: await latestAnnouncement(ctx.db) };
    },
  );

  app.put(
    '/api/admin/announcement',
    {
      schema: {
        tags: ['instance'],
        summary: 'Schedule a new announcement (admins only): shown from startsAt until endsAt to everyone who has not closed it',
        body: announcementInputSchema,
        response: { 200: adminAnnouncementSchema },
      },
      ...adminOnly,
    },
    async (request) => {
      const admin = requireAdmin(request);
      return { announcement: await scheduleAnnouncement(ctx, admin, request.body) };
    },
  );

  app.delete(
    '/api/admin/announcement',
    {
      schema: { tags: ['instance'], summary: 'End the announcements showing or scheduled, now (admins only)', response: { 204: z.null() } },
      ...adminOnly,
    },
    async (request, reply) => {
      await endAnnouncements(ctx, requireAdmin(request));
      return reply.code(204).send(null);
    },
  );
}
