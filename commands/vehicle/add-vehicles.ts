/** AddVehicles: see `AddVehicles` in domain/vehicle/vehicle.ts for its rules and errors. */
import { vehicleHandler } from './vehicle-handler.js';

export const addVehicles = vehicleHandler('AddVehicles');
