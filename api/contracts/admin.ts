/**
 * Staff contracts (design brief "The staff side"; filled by the staff issues). Imports nothing but zod.
 */
import { z } from 'zod';

/** `data` of GET /v1/admin/me: the signed-in staff user. */
export const staffMeSchema = z.object({ userId: z.string() });
export type StaffMe = z.infer<typeof staffMeSchema>;
