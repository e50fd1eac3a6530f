import { z } from 'zod';
import { errorCode } from './errors.js';
import { MAX_TEXT_LENGTH } from './limits.js';
import { LOCALES } from './locales.js';

/** A prompt is an idea of a question: it fits a question, so an asker can send it as it is. */
const promptText = z.string().trim().min(1, errorCode('invalid_input')).max(MAX_TEXT_LENGTH, errorCode('question_too_long'));
/** A calendar day, YYYY-MM-DD, read in UTC (the server's day). */
const day = z.iso.date({ error: errorCode('invalid_input') });

export const promptsQuerySchema = z.object({ lang: z.enum(LOCALES).optional() });

/** What an asker gets: the question of the day first when one is set for today, then the built-in and admin prompts. */
export const promptListSchema = z.object({ questionOfTheDay: z.string().nullable(), prompts: z.array(z.string()) });
export type PromptList = z.infer<typeof promptListSchema>;

/** An admin's prompt; with a day, it is the question of that day. */
export const adminPromptSchema = z.object({ id: z.string(), locale: z.enum(LOCALES), text: z.string(), day: z.string().nullable(), createdAt: z.string() });
export type AdminPrompt = z.infer<typeof adminPromptSchema>;
export const adminPromptListSchema = z.object({ prompts: z.array(adminPromptSchema) });

export const addPromptSchema = z.object({ locale: z.enum(LOCALES), text: promptText, day: day.nullable().default(null) });
export type AddPromptInput = z.input<typeof addPromptSchema>;
