import { describe, expect, it } from 'vitest';
import { errorOfIssue } from './errors.js';
import { MAX_REPORT_DETAILS_LENGTH } from './limits.js';
import { createReportSchema } from './moderation.js';

describe('moderation messages', () => {
  it('state the limit the schema applies', () => {
    const tooLong = createReportSchema.safeParse({ kind: 'answer', target: 'x', reason: 'other', details: 'a'.repeat(MAX_REPORT_DETAILS_LENGTH + 1) });
    expect(tooLong.success).toBe(false);
    expect(errorOfIssue(tooLong.error?.issues[0])).toEqual({ code: 'report_details_too_long', params: { max: MAX_REPORT_DETAILS_LENGTH } });
  });
});
