/**
 * Client administration contracts (clients; spec 2 ClientList, ClientEdit; spec 3 "Client":
 * first_name, last_name, business_name, email, phone, vat_reg_nr, customer type and an address). Paths under
 * /v1/admin/clients: reading needs `clients.view`, saving and forgetting `clients.edit` (and the staff CSRF token).
 * Money in euro cents, times ISO-8601 UTC. Imports nothing but zod. Failures: the envelope of spec 7 with field
 * errors named as the body's fields (`first_name`, `address.area_code`, ...).
 */
import { z } from 'zod';
import { safeString } from './text.js';

export const CLIENT_CUSTOMER_TYPES = ['private', 'business'] as const;
/** Page sizes of ClientList (spec 9: 24, 48, 84, 120; default 48). */
export const ADMIN_CLIENT_PAGE_SIZES = [24, 48, 84, 120] as const;
export const ADMIN_CLIENT_DEFAULT_PAGE_SIZE = 48;

/** A whole number in a query string (digits only). */
const queryInt = (min: number, max: number) => z.string().regex(/^\d{1,9}$/).transform(Number).pipe(z.number().int().min(min).max(max));

/**
 * Query of GET /v1/admin/clients. `q`: words that must each occur in the name, business name, e-mail or phone (a
 * phone in any spacing); `type` private or business; `page` 1-based; `pageSize` 24/48/84/120 (default 48).
 */
export const adminClientListQuerySchema = z.object({
  lang: z.string().max(10).optional(),
  q: safeString(100).optional(),
  type: z.enum(CLIENT_CUSTOMER_TYPES).optional(),
  page: queryInt(1, 100_000).optional(),
  pageSize: queryInt(1, 120).refine((n) => (ADMIN_CLIENT_PAGE_SIZES as readonly number[]).includes(n), { message: 'pageSize is 24, 48, 84 or 120' }).optional(),
});
export type AdminClientListQuery = z.input<typeof adminClientListQuerySchema>;

/** One row of ClientList; personal fields are '' for a forgotten client. */
export const adminClientListItemSchema = z.object({
  id: z.string(),
  customer_type: z.enum(CLIENT_CUSTOMER_TYPES),
  first_name: z.string(),
  last_name: z.string(),
  business_name: z.string(),
  email: z.string(),
  phone: z.string(),
  forgotten: z.boolean(),
  order_count: z.number().int(),
  /** Sum of the orders' totals as placed, euro cents. */
  total_spent_cents: z.number().int(),
  last_order_at: z.string().nullable(),
});
export type AdminClientListItem = z.infer<typeof adminClientListItemSchema>;

/** `data` of GET /v1/admin/clients: one page and the total over all pages. */
export const adminClientListSchema = z.object({
  clients: z.array(adminClientListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminClientList = z.infer<typeof adminClientListSchema>;

/** The postal address (spec 3 "Delivery address" fields); '' for a part not given. */
export const clientAddressSchema = z.object({
  street: safeString(100),
  apartment: safeString(100),
  city: safeString(100),
  state: safeString(100),
  area_code: safeString(100),
  country: safeString(100),
});
export type ClientAddressBody = z.infer<typeof clientAddressSchema>;

/** An order of the client (links to /admin/order/edit/{id}); total in euro cents as placed. */
export const adminClientOrderSchema = z.object({ id: z.string(), number: z.number().int(), placed_at: z.string(), total_cents: z.number().int() });

/** `data` of GET /v1/admin/clients/{id} (and of a save): the fields, the orders (newest first) and `version`. */
export const adminClientSchema = adminClientListItemSchema.extend({
  vat_reg_nr: z.string(),
  address: z.object({ street: z.string(), apartment: z.string(), city: z.string(), state: z.string(), area_code: z.string(), country: z.string() }),
  registered_at: z.string(),
  forgotten_at: z.string().nullable(),
  /** The client stream's position: send it back with a save (409 when the client changed since). */
  version: z.number().int(),
  orders: z.array(adminClientOrderSchema),
});
export type AdminClient = z.infer<typeof adminClientSchema>;

/** Path of /v1/admin/clients/{id}: a uuid. */
export const adminClientParamsSchema = z.object({ id: z.string().regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/) });

/**
 * The ClientEdit form's fields (the spec 3 names). The server checks them with the domain's rules
 * (domain/client/client.ts `checkClientDetails`: private needs first and last name, business its name; e-mail one
 * address; phone 5-15 digits; VAT number a country code and 2-13 characters or empty).
 */
export const clientFormSchema = z.object({
  customer_type: z.enum(CLIENT_CUSTOMER_TYPES),
  first_name: safeString(100),
  last_name: safeString(100),
  business_name: safeString(100),
  email: safeString(254),
  phone: safeString(40),
  vat_reg_nr: safeString(40),
  address: clientAddressSchema,
});
export type ClientForm = z.infer<typeof clientFormSchema>;

/** Body of PUT /v1/admin/clients/{id}: the form plus the `version` it read. Answers 200 the client. */
export const updateClientBodySchema = clientFormSchema.extend({ version: z.number().int().min(0).max(1_000_000_000) });
export type UpdateClientBody = z.infer<typeof updateClientBodySchema>;

/** `data` of POST /v1/admin/clients/{id}/forget: the client, blanked. */
export const forgetClientResultSchema = adminClientSchema;
