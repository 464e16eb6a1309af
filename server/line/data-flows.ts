import { and, eq } from 'drizzle-orm';
import { dataFlows } from '../../contract/line-states.js';
import type { Database } from '../db/client.js';
import { linePauses } from '../db/schema.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Whether the carrier has the line's data on right now. dataFlows(status) alone says yes for a
 * 'cancelling' line, but a paused line booked for cancellation is 'cancelling' with its pause
 * still running, its SIM suspended at the carrier: a top-up or usage alert would sell or warn
 * about data that cannot flow. Ask this wherever the line's row (not just a status) is at hand.
 */
export async function dataFlowsNow(db: Tx | Database, line: { id: number; status: string }): Promise<boolean> {
  if (!dataFlows(line.status)) return false;
  if (line.status !== 'cancelling') return true;
  const [running] = await db
    .select({ id: linePauses.id })
    .from(linePauses)
    .where(and(eq(linePauses.lineId, line.id), eq(linePauses.status, 'running')))
    .limit(1);
  return !running;
}
