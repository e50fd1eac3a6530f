import { describe, expect, it } from 'vitest';
import { fr } from './i18n/fr.js';
import { createReportSchema, MAX_REPORT_DETAILS_LENGTH, moderationMessages } from './moderation.js';

describe('moderation messages', () => {
  it('state the limit the schema applies, in both languages', () => {
    expect(moderationMessages.detailsTooLong).toContain(String(MAX_REPORT_DETAILS_LENGTH));
    expect(fr.moderation.errors.detailsTooLong).toContain(String(MAX_REPORT_DETAILS_LENGTH));
    const tooLong = createReportSchema.safeParse({ kind: 'answer', target: 'x', reason: 'other', details: 'a'.repeat(MAX_REPORT_DETAILS_LENGTH + 1) });
    expect(tooLong.success).toBe(false);
  });
});
