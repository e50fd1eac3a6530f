import { MAX_MENTION_LOOKUP } from '@askbox/common';

/**
 * Batches the @mention look-ups of one render: every username asked for before the next task
 * goes out in one request (a page of posts names its people once), MAX_MENTION_LOOKUP a request.
 * Each caller learns whether its name is someone whose profile opens.
 */
export function createMentionLookup(mentionable: (usernames: string[]) => Promise<string[]>) {
  let waiting = new Map<string, { resolve: (known: boolean) => void; reject: (error: unknown) => void }[]>();
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const batch = waiting;
    waiting = new Map();
    const names = [...batch.keys()];
    for (let start = 0; start < names.length; start += MAX_MENTION_LOOKUP) {
      const chunk = names.slice(start, start + MAX_MENTION_LOOKUP);
      mentionable(chunk).then(
        (known) => {
          const found = new Set(known);
          for (const name of chunk) for (const caller of batch.get(name)!) caller.resolve(found.has(name));
        },
        (error: unknown) => {
          for (const name of chunk) for (const caller of batch.get(name)!) caller.reject(error);
        },
      );
    }
  };

  return (username: string): Promise<boolean> =>
    new Promise((resolve, reject) => {
      const name = username.toLowerCase();
      waiting.set(name, [...(waiting.get(name) ?? []), { resolve, reject }]);
      if (!scheduled) {
        scheduled = true;
        setTimeout(flush, 0);
      }
    });
}
