import { describe, expect, it } from 'vitest';
import { spec } from '../../tests/support/given-when-then.js';
import { nameFromWarehouseId, warehouseDecider, type WarehouseCommand, type WarehouseEvent } from './warehouse.js';

const warehouse = spec(warehouseDecider);
const meta = { now: '2026-11-22T10:00:00.000Z' };
const create = (warehouseId: string, name: string): WarehouseCommand => ({ type: 'CreateWarehouse', data: { warehouseId, name }, metadata: meta });
const rename = (name: string): WarehouseCommand => ({ type: 'RenameWarehouse', data: { warehouseId: 'tallinn', name }, metadata: meta });
const deactivate: WarehouseCommand = { type: 'DeactivateWarehouse', data: { warehouseId: 'tallinn' }, metadata: meta };
const created: WarehouseEvent = { type: 'WarehouseCreated', data: { warehouseId: 'tallinn', name: 'Tallinn' } };

describe('CreateWarehouse', () => {
  it('creates a warehouse by the stock code with its name trimmed', () => {
    warehouse.when(create('tallinn', '  Tallinn ')).then([created]);
    warehouse.when(create('tartu-2', 'Tartu 2')).then([{ type: 'WarehouseCreated', data: { warehouseId: 'tartu-2', name: 'Tartu 2' } }]);
  });

  it('refuses an existing warehouse, an id the stock would not accept, and a missing or bad name', () => {
    warehouse.given([created]).when(create('tallinn', 'Tallinn')).thenThrows('warehouse.exists', 'conflict');
    for (const id of ['Tallinn', '', '-x', 'a b', 'x'.repeat(65)]) warehouse.when(create(id, 'Ladu')).thenThrows('warehouse.id_invalid', 'validation');
    warehouse.when(create('tallinn', '   ')).thenThrows('warehouse.name_missing', 'validation');
    warehouse.when(create('tallinn', 'x'.repeat(101))).thenThrows('warehouse.name_invalid');
    warehouse.when(create('tallinn', 'Tal\nlinn')).thenThrows('warehouse.name_invalid');
  });
});

describe('RenameWarehouse', () => {
  it('renames, and decides nothing for the same name', () => {
    warehouse.given([created]).when(rename('Tallinna ladu')).then([{ type: 'WarehouseRenamed', data: { warehouseId: 'tallinn', name: 'Tallinna ladu' } }]);
    warehouse.given([created]).when(rename(' Tallinn ')).then([]);
  });

  it('refuses an unknown warehouse and an empty name', () => {
    warehouse.when(rename('Ladu')).thenThrows('warehouse.not_found', 'not_found');
    warehouse.given([created]).when(rename('')).thenThrows('warehouse.name_missing');
  });
});

describe('DeactivateWarehouse', () => {
  it('deactivates once', () => {
    const deactivated: WarehouseEvent = { type: 'WarehouseDeactivated', data: { warehouseId: 'tallinn' } };
    warehouse.given([created]).when(deactivate).then([deactivated]);
    warehouse.given([created, deactivated]).when(deactivate).then([]);
    expect([created, deactivated].reduce(warehouseDecider.evolve, warehouseDecider.initialState)).toEqual({ status: 'inactive', warehouseId: 'tallinn', name: 'Tallinn' });
  });

  it('refuses an unknown warehouse', () => {
    warehouse.when(deactivate).thenThrows('warehouse.not_found', 'not_found');
  });
});

describe('nameFromWarehouseId', () => {
  it('names a warehouse known only by its code', () => {
    expect(nameFromWarehouseId('tallinn')).toBe('Tallinn');
    expect(nameFromWarehouseId('tartu-2')).toBe('Tartu 2');
    expect(nameFromWarehouseId('pärnu_kesk')).toBe('Pärnu Kesk');
  });
});
