import { z } from 'zod';
import { MAX_BIO_LENGTH, MAX_WEBSITE_LENGTH } from './limits.js';
import { fullnameSchema } from './auth.js';
import { errorCode } from './errors.js';
import { isHttpUrl } from './urls.js';
import { hasControlCharacters, lineText, userText } from './text.js';
import { userSummarySchema } from './users.js';

/** Profiles and the social graph: the API shapes shared by server and web. */

export const usernameParamsSchema = z.object({ username: lineText(64).pipe(z.string().min(1)) });

export const profileCountsSchema = z.object({
  answers: z.number().int(),
  followings: z.number().int(),
  followers: z.number().int(),
  likes: z.number().int(),
});
export type ProfileCounts = z.infer<typeof profileCountsSchema>;

export const profileSchema = z.object({
  user: z.object({
    id: z.string(),
    username: z.string(),
    fullname: z.string(),
    photoURL: z.string(),
    coverURL: z.string().nullable(),
    badge: z.string(),
    bio: z.string(),
    website: z.string(),
    /** The owner refuses anonymous questions: the ask box shows no 'Ask anonymously' checkbox. */
    refusesAnonymousQuestions: z.boolean(),
    /** 'Public profile' is on: the answers have public pages and cards anyone may share. */
    publicProfile: z.boolean(),
    /** The fediverse account (`@name@server`) this one moved to (Settings › Account › Moving); null while it has not moved. */
    movedTo: z.string().nullable(),
  }),
  counts: profileCountsSchema,
  viewer: z.object({
    isSelf: z.boolean(),
    isFollowing: z.boolean(),
    blockedByViewer: z.boolean(),
    /**
     * The refusal the viewer's question would meet, said before they type: a paused inbox (the
     * same for everyone) or 'Who may ask me' leaving them out. Never a quiet block or a muted word.
     */
    askRefusal: z.enum(['inbox_paused', 'asker_not_allowed']).nullable(),
  }),
});
export type Profile = z.infer<typeof profileSchema>;

/** Website: empty, or an http(s) URL (no javascript:, data: ...). */
export const websiteSchema = z
  .string()
  .refine((value) => !hasControlCharacters(value, { multiline: false }), { message: errorCode('invalid_characters'), abort: true })
  .trim()
  .max(MAX_WEBSITE_LENGTH, errorCode('website_too_long'))
  .refine((value) => value === '' || isHttpUrl(value), { message: errorCode('website_invalid') });

export const updateProfileSchema = z.object({
  fullname: fullnameSchema,
  bio: userText({ max: MAX_BIO_LENGTH, tooLong: 'bio_too_long' }),
  website: websiteSchema,
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const followStateSchema = z.object({ isFollowing: z.boolean(), followers: z.number().int() });
export type FollowState = z.infer<typeof followStateSchema>;

export const blockStateSchema = z.object({ blockedByViewer: z.boolean() });
export type BlockState = z.infer<typeof blockStateSchema>;

/** Followers, followings, blocked users, search results, recommendations. */
export const userListSchema = z.object({ items: z.array(userSummarySchema) });
export type UserList = z.infer<typeof userListSchema>;
/** Followers and followings: paged like every long list (`nextCursor` null on the last page). */
export const userPageSchema = userListSchema.extend({ nextCursor: z.string().nullable() });
export type UserPage = z.infer<typeof userPageSchema>;

/** A recommendation or a search result: a card plus whether the viewer follows them. */
export const friendCardSchema = userSummarySchema.extend({ isFollowing: z.boolean() });
export type FriendCard = z.infer<typeof friendCardSchema>;
export const friendListSchema = z.object({ items: z.array(friendCardSchema) });
export type FriendList = z.infer<typeof friendListSchema>;

export const searchQuerySchema = z.object({
  q: lineText(100)
    .default('')
    .transform((value) => value.trim()),
});
