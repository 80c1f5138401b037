/** The handler factory of the DeliveryLocations aggregate (stream `delivery-locations-{providerId}`). */
import { deliveryLocationsDecider, toDeliveryLocationsStreamId } from '../../domain/delivery/locations.js';
import { aggregateHandler } from '../shared/aggregate-handler.js';

export const deliveryLocationsHandler = aggregateHandler(deliveryLocationsDecider, (data: { providerId: string }) => toDeliveryLocationsStreamId(data.providerId));
