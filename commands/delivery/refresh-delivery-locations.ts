/**
 * RefreshDeliveryLocations: records what changed between the offered locations and a fetched list. See
 * `RefreshDeliveryLocations` in domain/delivery/locations.ts for its rules and errors.
 */
import { deliveryLocationsHandler } from './locations-handler.js';

export const refreshDeliveryLocations = deliveryLocationsHandler('RefreshDeliveryLocations');
