/**
 * The delivery read model's tables (schema `rm_delivery`; `rm_delivery__rebuild` during a rebuild). See writer.ts.
 */
import type { ColumnType, Kysely, Transaction } from 'kysely';
import type { ReadModelTables, StreamPositionTable } from '../read-model.js';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export type DeliveryTables = ReadModelTables & {
  /** Parcel machines and post offices per provider; a location a feed dropped stays with `offered` false. */
  locations: {
    provider_id: string;
    location_id: string;
    name: string;
    country: string;
    city: string;
    address: string;
    postal_code: string | null;
    offered: boolean;
    changed_at: Timestamp;
  };
  /** The latest refresh per provider: where the list came from and how many locations are offered. */
  providers: { provider_id: string; source: string; offered: number; refreshed_at: Timestamp };
  streams: StreamPositionTable;
};

export type DeliveryDb = Kysely<DeliveryTables>;
export type DeliveryTransaction = Transaction<DeliveryTables>;
