/**
 * BullMQ processor of `record-client-order` jobs (clients), enqueued by the client-registration process
 * manager (workers/process-managers/client-registration.ts) once per OrderPlaced. The job data holds only ids (no
 * personal data in Redis): the processor reads the order's stream, takes its OrderPlaced event, and runs
 * RecordClientOrder (commands/client/record-client-order.ts) on the client of the order's e-mail address
 * (commands/client/client-streams.ts: uuid v5 of the normalised address), with a command id derived from the
 * event id: a redelivered job appends nothing twice, and the decider ignores an order the client already holds.
 */
import { UnrecoverableError } from 'bullmq';
import { v5 as uuidv5 } from 'uuid';
import { z } from 'zod';
import { clientIdForEmail } from '../../commands/client/client-streams.js';
import { recordClientOrder } from '../../commands/client/record-client-order.js';
import { emptyAddress } from '../../domain/client/client.js';
import { parseOrderEvent } from '../../domain/order/events.js';
import { toOrderStreamId } from '../../domain/order/order.js';
import type { Database } from '../../platform/db/database.js';
import type { EventStore } from '../../platform/event-store/port.js';

/** The job name on the shop queue. */
export const RECORD_CLIENT_ORDER = 'record-client-order';

/** Job data: the OrderPlaced event's id and its order id. */
export const RecordClientOrderJobSchema = z.object({ eventId: z.string().uuid(), orderId: z.string().min(1).max(100) });
export type RecordClientOrderJob = z.infer<typeof RecordClientOrderJobSchema>;

/** Namespace of the command ids derived from OrderPlaced event ids. */
const COMMAND_NAMESPACE = '3f1b9c2e-7d4a-4e8b-a6c1-0d5e9f2b7a34';

export interface RecordClientOrderDeps {
  store: EventStore;
  /** The database holding the personal-data keys. */
  db: Database;
  /** Current time, ISO-8601 UTC. */
  now: () => string;
  log?: (line: string) => void;
}

/**
 * Makes the processor.
 * @returns `(data) => { clientId, recorded }` (recorded: events appended); throws UnrecoverableError on malformed
 *   data or a missing OrderPlaced, PostgreSQL errors otherwise (BullMQ retries)
 */
export function createRecordClientOrderProcessor(deps: RecordClientOrderDeps): (data: unknown) => Promise<{ clientId: string | null; recorded: number }> {
  return async (raw) => {
    const job = RecordClientOrderJobSchema.safeParse(raw);
    if (!job.success) throw new UnrecoverableError(`record-client-order: malformed job data`);
    const { events } = await deps.store.readStream(toOrderStreamId(job.data.orderId));
    const placed = events.find((e) => e.id === job.data.eventId && e.type === 'OrderPlaced');
    if (!placed) throw new UnrecoverableError(`record-client-order: no OrderPlaced ${job.data.eventId} in order ${job.data.orderId}`);
    const e = parseOrderEvent(placed);
    if (e.type !== 'OrderPlaced') throw new UnrecoverableError('record-client-order: not an OrderPlaced event');
    const o = e.data;
    if (!o.client.email.trim()) return { clientId: null, recorded: 0 };
    const clientId = clientIdForEmail(o.client.email);
    const a = o.delivery.address;
    const result = await recordClientOrder(
      { store: deps.store, db: deps.db },
      {
        clientId,
        customerType: o.client.type,
        details: {
          firstName: o.client.firstName,
          lastName: o.client.lastName,
          businessName: o.client.businessName,
          email: o.client.email,
          phone: o.client.phone,
          vatRegNr: o.client.vatRegNr,
          address: a ? { street: a.street, apartment: a.apartment, city: a.city, state: a.state, areaCode: a.areaCode, country: a.country } : emptyAddress(),
        },
        order: { orderId: o.orderId, number: o.number, placedAt: o.placedAt, totalCents: o.totalCents },
      },
      { commandId: uuidv5(placed.id, COMMAND_NAMESPACE), correlationId: placed.metadata.correlationId, userId: null, now: deps.now() },
    );
    if (result.events.length) deps.log?.(`client ${clientId}: ${result.events.map((x) => x.type).join(', ')} for order ${o.number}`);
    return { clientId, recorded: result.events.length };
  };
}
