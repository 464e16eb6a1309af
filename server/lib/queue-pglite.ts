import type { PGliteClient } from '../db/client.js';

interface SqlResult {
  rows: unknown[];
  rowCount: number;
}

/**
 * pg-boss's `db` option on the embedded database: the same process, one connection.
 *
 * pg-boss sends its maintenance as one text of several statements wrapped in BEGIN/COMMIT
 * (an advisory lock, then the work). On a server a failure there dies with its connection;
 * PGlite has only one, so the body runs in PGlite's own transaction, which rolls back on a
 * failure and keeps every other query of this process out until it ends.
 */
export function pgliteJobDb(client: PGliteClient) {
  const last = (results: { rows: unknown[]; affectedRows?: number }[]): SqlResult => {
    const result = results.at(-1);
    return { rows: result?.rows ?? [], rowCount: result?.affectedRows ?? 0 };
  };
  return {
    async executeSql(text: string, values?: unknown[]): Promise<SqlResult> {
      if (values && values.length > 0) {
        const result = await client.query(text, values);
        return { rows: result.rows, rowCount: result.affectedRows ?? 0 };
      }
      const trimmed = text.trim();
      const wrapped = /^BEGIN;([\s\S]*?)COMMIT;?$/i.exec(trimmed);
      if (wrapped) return client.transaction(async (tx) => last(await tx.exec(wrapped[1]!)));
      return last(await client.exec(trimmed));
    },
  };
}
