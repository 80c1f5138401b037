/**
 * The vehicles read model's tables (schema `rm_vehicles`). See writer.ts.
 */
import type { ColumnType, Kysely, Transaction } from 'kysely';
import type { ReadModelTables, StreamPositionTable } from '../read-model.js';

export type VehiclesTables = ReadModelTables & {
  /** One row per vehicle (generation) of the reference: ids and slugs, names, production months, body styles. */
  vehicles: {
    vehicle_id: string;
    make: string;
    make_slug: string;
    model: string;
    model_slug: string;
    generation: string | null;
    generation_slug: string;
    /** `YYYY-MM`; `to_month` null while produced. */
    from_month: string;
    to_month: string | null;
    body_styles: ColumnType<string[], string, string>;
    source: string;
  };
  position: StreamPositionTable;
};

export type VehiclesDb = Kysely<VehiclesTables>;
export type VehiclesTransaction = Transaction<VehiclesTables>;
