/**
 * Add-to-cart control of the product page: a quantity field (digits only, at least 1) and the button. Adding counts
 * what is already in the cart; a limited product is capped at its available amount with the 5 s warning 'Not enough
 * items available.' in its none / one / many forms (spec 5); success says 'Product has been added to your cart.'.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../../../api/contracts/catalog';
import { showToast, TOAST_MS } from '../../../components/feedback/toasts';
import { cart, parseQuantity, toCartProduct } from '../../../lib/cart/store';
import { recordShopperStep } from '../../../lib/shopper-steps';

export function AddToCart({ product }: { product: Product }) {
  const { t } = useTranslation('shop');
  const [quantity, setQuantity] = useState('1');
  const inputId = useId();
  const add = () => {
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
      <button type="button" className="button button--primary" onClick={add}>
        {t('cart.add')}
      </button>
    </div>
  );
}
