/**
 * The stock-movements read model's tables (schema `rm_stock_movements`, `rm_stock_movements__rebuild` during a
 * rebuild). See writer.ts.
 */
import type { ColumnType, Kysely } from 'kysely';
import type { ReadModelTables, StreamPositionTable } from '../read-model.js';

/** What a movement was: one per Stock event type (stock history; `shipped` when an order is filled). */
export const MOVEMENT_KINDS = ['received', 'adjusted', 'counted', 'reserved', 'released', 'shipped'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** Who or what caused a movement: a staff member (user_id), a shopper (an order), or the system (expiry job, import). */
export type MovementActor = 'staff' | 'shopper' | 'system';

export type StockMovementsTables = ReadModelTables & {
  /** One row per Stock event: a change of one product's free units in one warehouse. */
  movements: {
    event_id: string;
    product_id: string;
    warehouse_id: string;
    /** Position in the stream `stock-{productId}` (bigint as text). */
    stream_position: ColumnType<string, string | bigint, string | bigint>;
    at: ColumnType<Date, string, string>;
    kind: MovementKind;
    /** Units added (+) or taken (-) in the warehouse; a count's change is the counted figure minus the one before. */
    change: number;
    /** The warehouse's free units after the movement. */
    on_hand: number;
    /** Staff's note, or a release's reason (order_not_placed, expired, cancelled); null when none. */
    reason: string | null;
    actor: MovementActor;
    user_id: string | null;
    order_id: string | null;
  };
  /** The free units per product and warehouse after the last movement (for the change of the next count). */
  levels: { product_id: string; warehouse_id: string; on_hand: number };
  position: StreamPositionTable;
};

export type StockMovementsDb = Kysely<StockMovementsTables>;
