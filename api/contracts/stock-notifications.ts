/**
 * Stock notification contract (spec 3 "Stock notification request"; spec 7 POST /v1/stock-notification). Imports
 * nothing but zod. The e-mail is checked by the StockNotification decider (domain/stock-notification), so a bad one
 * answers its own code ('Please enter a valid email address'), not a schema error.
 */
import { z } from 'zod';
import { safeString } from './text.js';

/** Body of POST /v1/stock-notification: `quantity` whole units (checked by the decider, default 1). */
export const stockNotificationBodySchema = z.object({
  user_email: safeString(1000),
  product_id: safeString(100).pipe(z.string().min(1)),
  quantity: z.coerce.number().optional(),
});
export type StockNotificationBody = z.input<typeof stockNotificationBodySchema>;
