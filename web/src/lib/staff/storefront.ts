/**
 * The staff session as the shop's pages use it (spec 4 "Products not visible ... the note", "Staff see a
 * low-stock warning icon", spec 6 "Logged-in staff ... get ... the low-stock icon and hidden-product badges"): the
 * admin link, the catalog requests with `fieldsPreset=frontEdit` and the cart's reason in brackets. GET /v1/session
 * is asked only when the local storage hint says this browser signed in as staff lately (`hasStaffHint`), so a
 * shopper's pages make no staff call and request the default fields at once.
 */
import { useState } from 'react';
import { hasPermission, hasStaffHint, type SessionUser, useStaffSession } from './session';

export interface StorefrontStaff {
  /** The signed-in staff user, or null (nobody, or not known yet). */
  user: SessionUser | null;
  /** Whether the answer is known: at once for a shopper (no hint), after GET /v1/session for a hinted browser. */
  ready: boolean;
  /** Request the staff fields (`fieldsPreset=frontEdit`): a signed-in user who may `products.view`. */
  frontEdit: boolean;
}

export function useStorefrontStaff(): StorefrontStaff {
  const [hinted] = useState(hasStaffHint);
  const session = useStaffSession(hinted);
  const user = session.data ?? null;
  return { user, ready: !hinted || !session.isPending, frontEdit: hasPermission(user, 'products.view') };
}
