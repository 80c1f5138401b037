/**
 * Add-to-cart control of the product page: a quantity field (digits only, at least 1) and the button. Adding counts
 * what is already in the cart; a limited product is capped at its available amount with the 5 s warning 'Not enough
 * items available.' in its none / one / many forms (spec 5); success says 'Product has been added to your cart.'.
 * A part that does not fit the active vehicle (the answer's `fitment.state`, docs/architecture.md "Vehicle fitment") asks first, in
 * a native modal dialog: "Add anyway" adds it, "Cancel" (or Escape) adds nothing.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { Product } from '../../../../../api/contracts/catalog';
import { showToast, TOAST_MS } from '../../../components/feedback/toasts';
import { cart, parseQuantity, toCartProduct } from '../../../lib/cart/store';
import { recordShopperStep } from '../../../lib/shopper-steps';
import { useGarage, vehicleLabel } from '../../../lib/garage/store';
import { useActiveVehicle } from '../../../lib/garage/use-vehicle';

export function AddToCart({ product }: { product: Product }) {
  const { t } = useTranslation('shop');
  const [quantity, setQuantity] = useState('1');
  const inputId = useId();
  const titleId = useId();
  const vehicle = useActiveVehicle();
  const garageState = useGarage();
  const [asking, setAsking] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (asking && !dialog.open) dialog.showModal();
    else if (!asking && dialog.open) dialog.close();
  }, [asking]);
  const doesNotFit = Boolean(vehicle) && product.fitment?.state === 'does-not-fit';
  const add = () => {
    setAsking(false);
    const parsed = parseQuantity(quantity);
    const amount = Number.isFinite(parsed) && parsed >= 1 ? parsed : 1;
    const change = cart.add(toCartProduct(product), amount);
    if (change.capped) {
      const available = change.capped.available;
      const key = available === 0 ? 'cart.notEnough_none' : available === 1 ? 'cart.notEnough_one' : 'cart.notEnough_many';
      showToast('warning', t(key, { count: available }), TOAST_MS.warning);
    }
    if (change.amount > 0) {
      showToast('success', t('cart.added'));
      recordShopperStep({ step: 'cart-added', productId: product.id, quantity: change.amount });
    }
    setQuantity('1');
  };
  return (
    <div className="add-to-cart">
      <label htmlFor={inputId} className="visually-hidden">
        {t('cart.quantity')}
      </label>
      <input
        id={inputId}
        className="add-to-cart__quantity"
        inputMode="numeric"
        pattern="[0-9]*"
        value={quantity}
        onChange={(e) => setQuantity(e.target.value.replace(/\D+/g, ''))}
        onBlur={() => setQuantity((q) => (parseQuantity(q) >= 1 ? String(parseQuantity(q)) : '1'))}
        size={3}
      />
      <button type="button" className="button button--primary" onClick={doesNotFit ? () => setAsking(true) : add}>
        {t('cart.add')}
      </button>
      {doesNotFit && (
        <dialog ref={dialogRef} className="dialog" aria-labelledby={titleId} onClose={() => setAsking(false)}>
          <h2 id={titleId}>{t('fitment.confirmTitle')}</h2>
          <p>{t('fitment.confirmText', { name: product.name, vehicle: vehicleLabel(garageState, vehicle!) })}</p>
          <div className="dialog__actions">
            <button type="button" className="button" onClick={() => setAsking(false)}>
              {t('fitment.cancel')}
            </button>
            <button type="button" className="button button--primary" onClick={add}>
              {t('fitment.addAnyway')}
            </button>
          </div>
        </dialog>
      )}
    </div>
  );
}
