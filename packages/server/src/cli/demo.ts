import sharp from 'sharp';
import crypto from 'node:crypto';
import { count } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { follows, likes, questions, sentQuestions, users } from '../db/schema/index.js';
import { hashPassword } from '../features/auth/password.js';
import { createStorage, type MediaStorage } from '../storage/index.js';
import { deletePicture, storePicture } from '../storage/pictures.js';
import { CliError, type CliIo } from './io.js';

/** Every demo account signs in with this password (printed by the command). */
export const DEMO_PASSWORD = 'askbox-demo';

const people = [
  { username: 'ana_lima', fullname: 'Ana Lima', bio: 'Coffee, climbing and bad puns.', hue: 12 },
  { username: 'ben_carter', fullname: 'Ben Carter', bio: 'Bikes everywhere. Ask me about routes.', hue: 200 },
  { username: 'chloe_martin', fullname: 'Chloé Martin', bio: 'Illustrator in Lyon ✏️', hue: 320 },
  { username: 'dev_patel', fullname: 'Dev Patel', bio: 'Shipping small things often.', hue: 150 },
  { username: 'emma_wong', fullname: 'Emma Wong', bio: 'Plants > people (most days).', hue: 95 },
  { username: 'felix_braun', fullname: 'Felix Braun', bio: 'Jazz piano and sourdough.', hue: 40 },
  { username: 'gina_rossi', fullname: 'Gina Rossi', bio: 'Runner. Reader. Recovering perfectionist.', hue: 280 },
  { username: 'hugo_silva', fullname: 'Hugo Silva', bio: 'Surf in the morning, code at night.', hue: 185 },
  { username: 'ines_garcia', fullname: 'Inès Garcia', bio: 'Learning Japanese, one kanji a day.', hue: 350 },
  { username: 'jon_okafor', fullname: 'Jon Okafor', bio: 'Board games and big questions.', hue: 240 },
  { username: 'kim_nguyen', fullname: 'Kim Nguyen', bio: 'Photographer. Night owl. 🦉', hue: 60 },
  { username: 'leo_fischer', fullname: 'Leo Fischer', bio: 'Ask me anything (really).', hue: 265 },
];

const prompts: [string, string][] = [
  ['What is the best advice you ever got?', 'Done is better than perfect. Then make it better.'],
  ['Coffee or tea?', 'Coffee before noon, tea after. I have rules.'],
  ['What are you reading right now?', 'A book about the history of maps. Surprisingly gripping!'],
  ['Favourite place you have travelled to?', 'Lisbon: the light, the hills, the pastéis de nata.'],
  ['What song is stuck in your head?', 'Something from a cartoon. I will not say which.'],
  ['What would you do with a free day?', 'Long walk, long lunch, long nap.'],
  ['What is your hidden talent?', 'I can whistle two notes at once. Sort of.'],
  ['Dogs or cats?', 'Both, but the cat would never admit to liking me.'],
  ['What is something you changed your mind about?', 'Mornings. They are actually great once you try them.'],
  ['Best meal you ever cooked?', 'A risotto that took an hour and was worth every stir.'],
  ['What are you learning this year?', 'To say no politely, and a bit of guitar.'],
  ['What makes a good friend?', 'Someone who shows up, and also remembers your snack order.'],
];

const unanswered = ['What is your favourite film of all time?', 'Where do you see yourself in five years?', 'What was your first job?', 'Beach or mountains?'];

/** Deterministic pseudo-random numbers so every demo looks the same. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** A simple portrait: a gradient background and a light silhouette, no fonts needed. */
function avatarSvg(hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},70%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},70%,42%)"/>
  </linearGradient></defs>
  <rect width="256" height="256" fill="url(#g)"/>
  <circle cx="128" cy="104" r="48" fill="rgba(255,255,255,0.92)"/>
  <ellipse cx="128" cy="236" rx="88" ry="72" fill="rgba(255,255,255,0.92)"/>
</svg>`;
}

/** Stores the avatar exactly as an upload would be (same pipeline, same storage, same key shape). */
async function storeAvatar(storage: MediaStorage, userId: string, hue: number, at: Date): Promise<{ url: string }> {
  // uploads accept raster images only, so rasterise the SVG first, then take the upload path
  const png = await sharp(Buffer.from(avatarSvg(hue)))
    .png()
    .toBuffer();
  return { url: await storePicture(storage, userId, 'profile', png, at) };
}

/**
 * Fills an EMPTY database with a small community so a new operator sees the app working:
 * a dozen users with avatars, follows, answered and unanswered questions, likes; the first
 * (ana_lima) is the admin, as the first account of a new instance would be.
 */
export async function seedDemo(ctx: AppContext, io: CliIo): Promise<void> {
  const [existing] = await ctx.db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) {
    throw new CliError(`The database already has ${existing!.n} user(s): "demo" only fills an empty database, so that it never mixes with real accounts.`);
  }

  const random = seeded(42);
  const now = Date.now();
  const hour = 3_600_000;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = people.map(() => crypto.randomUUID());
  const storage = createStorage(ctx.config);
  const written: string[] = [];

  try {
    const userRows: (typeof users.$inferInsert)[] = [];
    for (const [i, person] of people.entries()) {
      const avatar = await storeAvatar(storage, ids[i]!, person.hue, new Date(now + i));
      written.push(avatar.url);
      userRows.push({
        id: ids[i]!,
        email: `${person.username}@demo.askbox.local`,
        username: person.username,
        fullname: person.fullname,
        passwordHash,
        bio: person.bio,
        website: '',
        photoUrl: avatar.url,
        badge: i < 2 ? 'Popular user' : '',
        // a demo nobody can administer leaves the operator hunting for grant-admin: the first one is the admin
        role: i === 0 ? 'admin' : 'user',
        createdAt: new Date(now - (30 - i) * 24 * hour),
      });
    }

    // everyone follows the next five people around the circle, so every feed has answers
    const followRows = ids.flatMap((follower, i) =>
      [1, 2, 3, 4, 5].map((step) => ({ followerId: follower, followeeId: ids[(i + step) % ids.length]!, createdAt: new Date(now - (20 - step) * 24 * hour) })),
    );

    const questionRows: (typeof questions.$inferInsert)[] = [];
    for (const [i, receiverId] of ids.entries()) {
      for (let k = 0; k < 3; k++) {
        const [text, answer] = prompts[(i * 3 + k) % prompts.length]!;
        const senderId = ids[(i + 1 + k * 4) % ids.length]!;
        const askedAt = now - Math.floor(random() * 72 + 6) * hour;
        questionRows.push({
          id: crypto.randomUUID(),
          senderId,
          receiverId,
          text,
          isAnonymous: k !== 1,
          answered: true,
          answer,
          answeredAt: new Date(askedAt + Math.floor(random() * 5 + 1) * hour),
          createdAt: new Date(askedAt),
        });
      }
      questionRows.push({
        id: crypto.randomUUID(),
        senderId: ids[(i + 7) % ids.length]!,
        receiverId,
        text: unanswered[i % unanswered.length]!,
        isAnonymous: i % 2 === 0,
        answered: false,
        createdAt: new Date(now - Math.floor(random() * 48 + 1) * hour),
      });
    }

    const likeRows: (typeof likes.$inferInsert)[] = [];
    for (const q of questionRows.filter((row) => row.answered)) {
      for (const userId of ids) {
        if (userId !== q.receiverId && random() < 0.35) likeRows.push({ userId, questionId: q.id, createdAt: new Date(q.answeredAt!.getTime() + hour) });
      }
    }

    await ctx.db.transaction(async (tx) => {
      await tx.insert(users).values(userRows);
      await tx.insert(follows).values(followRows);
      await tx.insert(questions).values(questionRows);
      // each asker's own record of them, as askQuestion writes it (their export reads it)
      await tx.insert(sentQuestions).values(
        questionRows.map((q) => ({
          id: q.id,
          senderId: q.senderId!,
          receiverId: q.receiverId,
          text: q.text,
          isAnonymous: q.isAnonymous!,
          createdAt: q.createdAt!,
        })),
      );
      await tx.insert(likes).values(likeRows);
    });

    io.out(`Demo community created: ${userRows.length} users, ${followRows.length} follows, ${questionRows.length} questions, ${likeRows.length} likes.`);
    io.out(`Sign in as any of them with the password "${DEMO_PASSWORD}", e.g. ${people[0]!.username}@demo.askbox.local.`);
    io.out(`@${people[0]!.username} is the admin ('Admin Features' in Settings).`);
  } catch (error) {
    // no half-filled demo: the rows roll back, so remove the images too
    for (const url of written) await deletePicture(storage, url);
    throw error;
  }
}
