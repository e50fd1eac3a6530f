import { z } from 'zod';
import { errorCode } from './errors.js';
import { LOCALES } from './locales.js';

/** The instance's own pages, written by its admins in Markdown (public at /about, /rules, /terms, /privacy). */
export const INSTANCE_PAGES = ['about', 'rules', 'terms', 'privacy'] as const;
export type InstancePageSlug = (typeof INSTANCE_PAGES)[number];

export const MAX_INSTANCE_PAGE_LENGTH = 20_000;
export const MAX_ANNOUNCEMENT_LENGTH = 500;

/** GET /api/pages/:slug: the Markdown (for the editor) and the HTML the server rendered and sanitised. */
export const instancePageSchema = z.object({
  slug: z.enum(INSTANCE_PAGES),
  markdown: z.string(),
  html: z.string(),
  /** true while no admin has written it: the default text, in the asker's language */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type InstancePage = z.infer<typeof instancePageSchema>;

/** PUT /api/admin/pages/:slug; empty Markdown puts the default text back. */
export const updateInstancePageSchema = z.object({
  markdown: z.string({ error: errorCode('invalid_input') }).max(MAX_INSTANCE_PAGE_LENGTH, errorCode('invalid_input')),
});
export type UpdateInstancePageInput = z.input<typeof updateInstancePageSchema>;

/** The rules, one per top-level list item of the Rules page: what a report may name. */
export const instanceRulesSchema = z.object({ rules: z.array(z.string()) });
export type InstanceRules = z.infer<typeof instanceRulesSchema>;

const announcementText = z
  .string({ error: errorCode('invalid_input') })
  .trim()
  .max(MAX_ANNOUNCEMENT_LENGTH, errorCode('invalid_input'));

/** PUT /api/admin/announcement: the text per language (English required, French optional) and its window. */
export const announcementInputSchema = z
  .object({
    textEn: announcementText.min(1, errorCode('invalid_input')),
    textFr: announcementText.default(''),
    startsAt: z.iso.datetime({ offset: true, error: errorCode('invalid_input') }),
    endsAt: z.iso.datetime({ offset: true, error: errorCode('invalid_input') }).nullable(),
  })
  .refine((a) => a.endsAt === null || Date.parse(a.endsAt) > Date.parse(a.startsAt), { message: errorCode('invalid_input'), path: ['endsAt'] });
export type AnnouncementInput = z.input<typeof announcementInputSchema>;
export type AnnouncementValues = z.output<typeof announcementInputSchema>;

/** What a person sees: the text in their language when given, else English. */
export const announcementSchema = z.object({ id: z.string(), text: z.string(), locale: z.enum(LOCALES) });
export type Announcement = z.infer<typeof announcementSchema>;

/** GET /api/announcement */
export const currentAnnouncementSchema = z.object({ announcement: announcementSchema.nullable() });

/** GET /api/admin/announcement: the latest one as written, whether shown now or not. */
export const adminAnnouncementSchema = z.object({
  announcement: z.object({ id: z.string(), textEn: z.string(), textFr: z.string(), startsAt: z.string(), endsAt: z.string().nullable() }).nullable(),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncementSchema>;
