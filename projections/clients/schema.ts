/**
 * The clients read model's tables (schema `rm_clients`; `rm_clients__rebuild` during a rebuild). See writer.ts.
 */
import type { ColumnType, Kysely, Transaction } from 'kysely';
import type { ReadModelTables, StreamPositionTable } from '../read-model.js';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export type ClientsTables = ReadModelTables & {
  /**
   * One row per client (spec 3 "Client"): the personal fields ('' once forgotten or unreadable), the normalised
   * e-mail and a lower-cased `search` text of names, e-mail and phone; the order count, total spent (euro cents, the
   * orders' totals as placed) and last order time; `forgotten`; `version` the stream position.
   */
  clients: {
    client_id: string;
    customer_type: string;
    first_name: string;
    last_name: string;
    business_name: string;
    email: string;
    email_normalised: string;
    phone: string;
    vat_reg_nr: string;
    address: { street: string; apartment: string; city: string; state: string; areaCode: string; country: string };
    search: string;
    forgotten: boolean;
    registered_at: Timestamp;
    forgotten_at: Timestamp | null;
    order_count: number;
    total_spent_cents: ColumnType<string, string | number | bigint, string | number | bigint>;
    last_order_at: Timestamp | null;
    version: number;
  };
  /** The orders of each client's current registration: number, time and total (euro cents) as placed. */
  client_orders: { order_id: string; client_id: string; number: number; placed_at: Timestamp; total_cents: number };
  position: StreamPositionTable;
};

export type ClientsDb = Kysely<ClientsTables>;
export type ClientsTransaction = Transaction<ClientsTables>;
