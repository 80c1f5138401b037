/**
 * The Warehouse aggregate (stream `warehouse-{id}`): a place the shop keeps stock in (spec 3 "Warehouse":
 * name; spec 2 "Admin area": WarehouseEdit and WarehouseList). The id is the code the stock already names per
 * warehouse (domain/stock/stock.ts, the catalog's `stock` column: e.g. `tallinn`, `tartu`): 1-64 lower-case
 * letters, digits, `-` or `_`.
 *
 * - CreateWarehouse: id and name (1-100 characters, trimmed); refused when the warehouse exists.
 * - RenameWarehouse: a new name; the same name decides nothing.
 * - DeactivateWarehouse: the warehouse takes no more stock in (commands/stock/known-warehouse.ts: receiving and
 *   adding are refused); its stock stays and can still be taken out, counted and reserved. A second time decides
 *   nothing.
 */
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { DomainError, notFound, validation } from '../shared/errors.js';

export const toWarehouseStreamId = (warehouseId: string) => `warehouse-${warehouseId}`;

/** Longest warehouse name, in characters. */
export const MAX_WAREHOUSE_NAME = 100;
/** The warehouse ids the stock accepts (domain/stock/stock.ts). */
export const WAREHOUSE_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export type WarehouseEvent =
  | Message<'WarehouseCreated', { warehouseId: string; name: string }>
  | Message<'WarehouseRenamed', { warehouseId: string; name: string }>
  | Message<'WarehouseDeactivated', { warehouseId: string }>;
export const WAREHOUSE_EVENT_TYPES: WarehouseEvent['type'][] = ['WarehouseCreated', 'WarehouseRenamed', 'WarehouseDeactivated'];

type Cmd<T extends string, D> = Message<T, D> & { metadata: CommandMetadata };
export type WarehouseCommand =
  | Cmd<'CreateWarehouse', { warehouseId: string; name: string }>
  | Cmd<'RenameWarehouse', { warehouseId: string; name: string }>
  | Cmd<'DeactivateWarehouse', { warehouseId: string }>;

export type WarehouseState = { status: 'empty' } | { status: 'active' | 'inactive'; warehouseId: string; name: string };
export const initialState: WarehouseState = { status: 'empty' };

function checkName(name: unknown): string {
  const n = typeof name === 'string' ? name.trim() : '';
  if (!n) throw validation('warehouse.name_missing', 'A warehouse needs a name', 'name');
  if (n.length > MAX_WAREHOUSE_NAME || /[\u0000-\u001f\u007f]/.test(n)) throw validation('warehouse.name_invalid', `A name is at most ${MAX_WAREHOUSE_NAME} characters of text`, 'name');
  return n;
}

/** A default name for a warehouse known only by its id (`tallinn` -> `Tallinn`, `tartu-2` -> `Tartu 2`). */
export function nameFromWarehouseId(warehouseId: string): string {
  const words = warehouseId.split(/[-_]+/).filter(Boolean);
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ') || warehouseId;
}

/**
 * Pure decision.
 * @throws DomainError validation: warehouse.id_invalid, warehouse.name_missing, warehouse.name_invalid; conflict:
 *   warehouse.exists; not_found: warehouse.not_found.
 */
export function decide(command: WarehouseCommand, state: WarehouseState): WarehouseEvent[] {
  switch (command.type) {
    case 'CreateWarehouse': {
      if (state.status !== 'empty') throw new DomainError('warehouse.exists', 'conflict', 'This warehouse exists already', 'warehouseId');
      const warehouseId = command.data.warehouseId;
      if (typeof warehouseId !== 'string' || !WAREHOUSE_ID.test(warehouseId)) throw validation('warehouse.id_invalid', 'A warehouse id is 1-64 lowercase letters, digits, - or _', 'warehouseId');
      return [{ type: 'WarehouseCreated', data: { warehouseId, name: checkName(command.data.name) } }];
    }
    case 'RenameWarehouse': {
      if (state.status === 'empty') throw notFound('warehouse.not_found', 'No such warehouse');
      const name = checkName(command.data.name);
      return name === state.name ? [] : [{ type: 'WarehouseRenamed', data: { warehouseId: state.warehouseId, name } }];
    }
    case 'DeactivateWarehouse': {
      if (state.status === 'empty') throw notFound('warehouse.not_found', 'No such warehouse');
      return state.status === 'inactive' ? [] : [{ type: 'WarehouseDeactivated', data: { warehouseId: state.warehouseId } }];
    }
    default:
      return assertNever(command);
  }
}

export function evolve(state: WarehouseState, event: WarehouseEvent): WarehouseState {
  switch (event.type) {
    case 'WarehouseCreated':
      return { status: 'active', warehouseId: event.data.warehouseId, name: event.data.name };
    case 'WarehouseRenamed':
      return state.status === 'empty' ? state : { ...state, name: event.data.name };
    case 'WarehouseDeactivated':
      return state.status === 'empty' ? state : { ...state, status: 'inactive' };
    default:
      return assertNever(event);
  }
}

export const warehouseDecider: Decider<WarehouseCommand, WarehouseEvent, WarehouseState> = { decide, evolve, initialState };
