import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { redactedErrorSerializer } from './logRedaction.js';

describe('the error serializer', () => {
  it("logs a lost connection's error, not the client node-postgres hangs on it", () => {
    // pg-pool hands an idle client's error to the pool's listener with `err.client = client`: the
    // whole client (connection parameters, processID, secretKey) would be several KB of every line
    const client = new pg.Client({ connectionString: 'postgres://askbox:hunter2@db.internal:5432/askbox' });
    Object.assign(client, { processID: 4242, secretKey: 987654321 });
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), { client, code: 'ECONNRESET' });
    const serialized = JSON.stringify(redactedErrorSerializer(lost));
    expect(serialized).toContain('Connection terminated unexpectedly');
    expect(serialized).toContain('ECONNRESET');
    for (const secret of ['secretKey', '987654321', 'processID', 'hunter2', 'db.internal', 'connectionParameters']) expect(serialized).not.toContain(secret);
    expect(serialized.length).toBeLessThan(2_000);
  });

  it('keeps the data fields of a database error', () => {
    const failed = Object.assign(new Error('relation "missing" does not exist'), { code: '42P01', severity: 'ERROR', detail: { table: 'missing' } });
    const serialized = JSON.parse(JSON.stringify(redactedErrorSerializer(failed))) as Record<string, unknown>;
    expect(serialized).toMatchObject({ code: '42P01', severity: 'ERROR', detail: { table: 'missing' }, message: 'relation "missing" does not exist' });
  });
});
