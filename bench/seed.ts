import { sql } from 'drizzle-orm';
import type { Db } from '../packages/server/src/db/open.js';
import { hashPassword } from '../packages/server/src/features/auth/password.js';

export interface SeedSize {
  users: number;
  /** accounts each user follows */
  followsPerUser: number;
  /** answered questions per user */
  answersPerUser: number;
  /** likes per answer on average */
  likesPerAnswer: number;
}

/**
 * Fills an empty database with a synthetic community, set-based (a handful of INSERT … SELECT),
 * so that 100k users take seconds, not hours. Every user's password is 'bench password'.
 */
export async function seedCommunity(db: Db, size: SeedSize): Promise<void> {
  const passwordHash = await hashPassword('bench password');
  await db.execute(sql`
    insert into users (id, email, username, fullname, password_hash, created_at)
    select 'u' || g, 'user' || g || '@bench.test', 'user' || g, 'Bench Person ' || g || ' ' || md5(g::text),
           ${passwordHash}, now() - (g || ' seconds')::interval
    from generate_series(1, ${size.users}) g`);
  // each user follows the next `followsPerUser` users (wrapping) plus user1..user5 (the "popular" ones)
  await db.execute(sql`
    insert into follows (follower_id, followee_id, created_at)
    select 'u' || g, 'u' || (((g + k - 1) % ${size.users}) + 1), now() - (k || ' minutes')::interval
    from generate_series(1, ${size.users}) g, generate_series(1, ${size.followsPerUser}) k
    on conflict do nothing`);
  await db.execute(sql`
    insert into follows (follower_id, followee_id)
    select 'u' || g, 'u' || p from generate_series(6, ${size.users}) g, generate_series(1, 5) p
    on conflict do nothing`);
  await db.execute(sql`
    insert into questions (id, sender_id, receiver_id, text, is_anonymous, answered, answer, answered_at, created_at)
    select 'q' || g || '_' || k, 'u' || (((g + 7 * k) % ${size.users}) + 1), 'u' || g,
           'What is your favourite thing number ' || k || '?', k % 2 = 0, true,
           'Answer ' || k || ' from user ' || g,
           now() - ((g * 13 + k * 101) % 100000 || ' seconds')::interval,
           now() - ((g * 13 + k * 101) % 100000 + 60 || ' seconds')::interval
    from generate_series(1, ${size.users}) g, generate_series(1, ${size.answersPerUser}) k`);
  await db.execute(sql`
    insert into likes (user_id, question_id)
    select 'u' || (((g * 31 + l) % ${size.users}) + 1), 'q' || g || '_' || k
    from generate_series(1, ${size.users}) g, generate_series(1, ${size.answersPerUser}) k, generate_series(1, ${size.likesPerAnswer}) l
    on conflict do nothing`);
  await db.execute(sql`analyze`);
}
