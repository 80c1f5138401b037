/**
 * Where a card or the product page shows its staff marks (components/staff-marks.tsx): only for a product the api
 * answered with `staff` details (a staff session, `fieldsPreset=frontEdit`), and then from their own small chunk, so a
 * shopper's first load carries none of the staff code (docs/architecture.md section 6, "First load and crash safety").
 * A server render is a guest's, so it never renders the marks and hydration never meets them.
 */
import { lazy, Suspense } from 'react';
import type { Product } from '../../../../../api/contracts/catalog';

const StaffMarks = lazy(() => import('./staff-marks').then((m) => ({ default: m.StaffMarks })));

export function StaffMarksSlot({ product }: { product: Pick<Product, 'staff'> }) {
  if (!product.staff) return null;
  return (
    <Suspense fallback={null}>
      <StaffMarks product={product} />
    </Suspense>
  );
}
