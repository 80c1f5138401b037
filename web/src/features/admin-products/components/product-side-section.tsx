/**
 * ProductEdit's side section: the categories (a checkbox tree of every category, ./category-tree-picker.tsx) and,
 * for a saved product, the units on hand per warehouse (read-only here; stock is set from the list or the stock
 * history).
 */
import { Controller } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import { Spinner } from '../../../components/spinner';
import { FormAlert } from '../../../components/staff/text-field';
import { apiErrorText } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';
import { useCategoryChoices } from '../api/get-category-choices';
import type { ProductFormApi } from '../utils/product-form';
import { CategoryTreePicker } from './category-tree-picker';

/** `stock`: units per warehouse id of a saved product, null for a new one. */
export function ProductSideSection({ form, stock, lang }: { form: ProductFormApi; stock: Record<string, number> | null; lang: Language }) {
  const { t } = useTranslation('cms');
  const categories = useCategoryChoices();
  return (
    <>
      <div className="staff-panel">
        {categories.isPending ? (
          <Spinner />
        ) : categories.isError ? (
          <FormAlert messages={[apiErrorText(categories.error)]} />
        ) : (
          <Controller
            control={form.control}
            name="categoryIds"
            render={({ field }) => <CategoryTreePicker id="product-categories" categories={categories.data} value={field.value} onChange={field.onChange} lang={lang} />}
          />
        )}
      </div>
      {stock ? (
        <div className="staff-panel">
          <h2 className="product-edit__h2">{t('productEdit.stock.title')}</h2>
          <StockTable stock={stock} />
        </div>
      ) : null}
    </>
  );
}

/** Units on hand per warehouse (read-only here; stock is set from the list or the stock history). */
function StockTable({ stock }: { stock: Record<string, number> }) {
  const { t } = useTranslation('cms');
  const rows = Object.entries(stock).sort(([a], [b]) => a.localeCompare(b));
  if (!rows.length) return <p className="staff-field__hint">{t('productEdit.stock.none')}</p>;
  return (
    <table className="data-table product-edit__stock">
      <thead>
        <tr>
          <th scope="col">{t('productEdit.stock.warehouse')}</th>
          <th scope="col">{t('productEdit.stock.onHand')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([warehouse, amount]) => (
          <tr key={warehouse}>
            <td>{warehouse}</td>
            <td>{amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
