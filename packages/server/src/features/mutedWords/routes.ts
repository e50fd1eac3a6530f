import { addMutedWordSchema, mutedWordListSchema, mutedWordParamsSchema } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { AppInstance } from '../../http/types.js';
import { requireViewer } from '../../http/viewer.js';
import { addMutedWord, listMutedWords, removeMutedWord } from './service.js';

export async function mutedWordsRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  const response = { 200: mutedWordListSchema };
  app.get('/api/me/muted-words', { schema: { tags: ['safety'], summary: 'Your muted words', response } }, async (request) =>
    listMutedWords(ctx.db, requireViewer(request).id),
  );

  app.post(
    '/api/me/muted-words',
    { schema: { tags: ['safety'], summary: 'Mute a word: questions containing it never reach you', body: addMutedWordSchema, response } },
    async (request) => addMutedWord(ctx, requireViewer(request).id, request.body.word),
  );

  app.delete(
    '/api/me/muted-words/:word',
    { schema: { tags: ['safety'], summary: 'Unmute a word', params: mutedWordParamsSchema, response } },
    async (request) => removeMutedWord(ctx, requireViewer(request).id, request.params.word),
  );
}
