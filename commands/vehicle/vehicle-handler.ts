/** The handler factory of the vehicle reference (stream `vehicle-make-{makeSlug}`, domain/vehicle/vehicle.ts). */
import { slugify, toVehicleMakeStreamId, vehicleMakeDecider } from '../../domain/vehicle/vehicle.js';
import { aggregateHandler } from '../shared/aggregate-handler.js';

export const vehicleHandler = aggregateHandler(vehicleMakeDecider, (data: { make: string }) => toVehicleMakeStreamId(slugify(data.make)));
