/**
 * One line of the cart page (spec 2 "Cart page", spec 5 "Quantity and stock", spec 8 "Cart line warnings"): image,
 * name linked to the product page, code, unit price, a quantity field (digits only; 0 or less resets to 1; capped
 * at a limited product's available amount with the 5 s warning 'Not enough items available.'), the line total,
 * a remove button and the line's warning. The delivery fee line (code postikulu…) has a fixed quantity of 1.
 */
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { CategoryPictogram } from '../../../components/category-pictogram';
import { formatEuro } from '../../../lib/format';
import { useRouteLanguage } from '../../../lib/language';
import { isPostage } from '../../../lib/cart/cart-actions';
import { cart, type CartItem } from '../../../lib/cart/store';
import { lineProblem, notEnoughKey } from '../utils/cart-checks';

interface CartLineProps {
  item: CartItem;
  /** Shows a warning in the page's flash area for `durationMs` (spec 9: warning flash 5 s). */
  onWarning: (text: string, durationMs: number) => void;
  /** False while the line's product is being reloaded. */
  loaded: boolean;
}

/** Display time of the 'Not enough items available.' warning in milliseconds (spec 5). */
export const NOT_ENOUGH_WARNING_MS = 5000;

export function CartLine({ item, onWarning, loaded }: CartLineProps) {
  const { t } = useTranslation('shop');
  const { lang, to } = useRouteLanguage();
  const { product, amount } = item;
  const [text, setText] = useState(String(amount));
  const [imageFailed, setImageFailed] = useState(false);
  const quantityId = useId();
  const warningId = useId();
  const postage = isPostage(product);
  const problem = loaded ? lineProblem(item) : null;

  // The store may change the amount (capping, another tab): follow it unless the field is being emptied.
  useEffect(() => setText((current) => (current === '' ? current : String(amount))), [amount]);

  const commit = (raw: string) => {
    const digits = raw.replace(/\D+/g, '');
    setText(digits);
    if (digits === '') return; // empty while typing: reset to 1 on blur
    const change = cart.setQuantity(product.id, digits);
    setText(String(change.amount));
    if (change.capped) onWarning(t(notEnoughKey(change.capped.available), { count: change.capped.available }), NOT_ENOUGH_WARNING_MS);
  };

  const unit = formatEuro(product.priceCents, lang);
  const total = product.priceCents === null ? null : formatEuro(product.priceCents * amount, lang);
  return (
    <li className={`cart-line${problem ? ' has-problem' : ''}`}>
      <div className="cart-line__image">
        {product.image && !imageFailed ? (
          <img src={product.image} alt="" loading="lazy" decoding="async" width={72} height={72} onError={() => setImageFailed(true)} />
        ) : (
          <span className="cart-line__no-image" aria-hidden="true">
            <CategoryPictogram categoryIds={product.categoryIds} className="cart-line__pictogram" />
          </span>
        )}
      </div>
      <div className="cart-line__info">
        {postage ? (
          <span className="cart-line__name">{product.name}</span>
        ) : (
          <Link className="cart-line__name" to={to(`/products/view/${product.id}`)}>
            {product.name}
          </Link>
        )}
        {!postage && (
          <span className="cart-line__code muted">
            {t('cartPage.code')}: {product.code1}
          </span>
        )}
        <span className="cart-line__unit-price">
          <span className="muted">{t('cartPage.unitPrice')}: </span>
          {unit ?? '—'}
        </span>
        {problem && (
          <p id={warningId} className="cart-line__warning" role="note">
            {problem.kind === 'unavailable' ? t('cartPage.notAvailable') : t('cartPage.notEnough', { count: problem.available })}
          </p>
        )}
      </div>
      <div className="cart-line__quantity">
        <label htmlFor={quantityId}>{t('cart.quantity')}</label>
        {postage ? (
          <output id={quantityId} className="cart-line__fixed-quantity">
            1
          </output>
        ) : (
          <input
            id={quantityId}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            size={4}
            value={text}
            aria-describedby={problem ? warningId : undefined}
            aria-invalid={problem?.kind === 'notEnough' ? true : undefined}
            onChange={(e) => commit(e.target.value)}
            onBlur={() => {
              if (text === '') commit('1');
            }}
          />
        )}
      </div>
      <div className="cart-line__total">
        <span className="visually-hidden">{t('cartPage.lineTotal')}: </span>
        {total ?? '—'}
      </div>
      <div className="cart-line__remove">
        <button type="button" className="button" aria-label={t('cartPage.removeItem', { name: product.name })} onClick={() => cart.remove(product.id)}>
          {t('cartPage.remove')}
        </button>
      </div>
    </li>
  );
}
