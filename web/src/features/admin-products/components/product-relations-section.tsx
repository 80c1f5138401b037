/**
 * ProductEdit's relations section (spec 3 "Product"): the visibility rule (static, timed, time range; states in and
 * out of range), compatible and similar products (the staff product picker), compatible vehicles (one per line) and
 * the images (./product-images-field.tsx: upload, reorder, remove).
 */
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import type { ProductForm } from '../../../../../api/contracts/admin-products';
import { ProductPicker } from '../../../components/staff/product-picker';
import { fieldErrorAt as fieldError } from '../../../lib/staff/form-errors';
import type { ProductFormApi } from '../utils/product-form';
import { ProductImagesField } from './product-images-field';
import { VisibilityRuleField } from './visibility-rule-field';

/** `known`: the related products as GET answered them (the pickers' labels); `productId`: excluded from the pickers. */
export function ProductRelationsSection(props: { form: ProductFormApi; known: { id: string; code1: string; name: string }[]; productId: string | null; canEdit: boolean }) {
  const { form, known, productId, canEdit } = props;
  const { t } = useTranslation('cms');
  const { errors } = form.formState;
  return (
    <>
      <div className="staff-panel">
        <Controller
          control={form.control}
          name="visibility"
          render={({ field }) => (
            <VisibilityRuleField
              value={field.value as ProductForm['visibility']}
              onChange={field.onChange}
              errors={{
                state: fieldError(errors, 'visibility.state'),
                rangeFrom: fieldError(errors, 'visibility.rangeFrom'),
                rangeTo: fieldError(errors, 'visibility.rangeTo'),
                stateInRange: fieldError(errors, 'visibility.stateInRange'),
                stateOutRange: fieldError(errors, 'visibility.stateOutRange'),
              }}
            />
          )}
        />
      </div>

      <div className="staff-panel">
        <Controller
          control={form.control}
          name="compatibleProducts"
          render={({ field }) => (
            <ProductPicker
              id="product-compatible"
              label={t('productEdit.compatibleProducts')}
              value={field.value}
              onChange={field.onChange}
              known={known}
              exclude={productId ? [productId] : []}
              error={fieldError(errors, 'compatibleProducts')}
            />
          )}
        />
        <Controller
          control={form.control}
          name="similarProducts"
          render={({ field }) => (
            <ProductPicker
              id="product-similar"
              label={t('productEdit.similarProducts')}
              value={field.value}
              onChange={field.onChange}
              known={known}
              exclude={productId ? [productId] : []}
              error={fieldError(errors, 'similarProducts')}
            />
          )}
        />
        <Controller
          control={form.control}
          name="vehicles"
          render={({ field }) => <LinesField id="product-vehicles" label={t('productEdit.vehicles')} hint={t('productEdit.vehiclesHint')} value={field.value} onChange={field.onChange} error={fieldError(errors, 'vehicles')} />}
        />
      </div>

      <div className="staff-panel">
        <h2 className="product-edit__h2">{t('productEdit.images')}</h2>
        <Controller control={form.control} name="images" render={({ field }) => <ProductImagesField id="product-images" value={field.value} onChange={field.onChange} disabled={!canEdit} />} />
      </div>
    </>
  );
}

/** A list of strings edited one per line (compatible vehicles); blank lines are dropped when the field is left. */
function LinesField({ id, label, hint, value, onChange, error }: { id: string; label: string; hint: string; value: string[]; onChange: (v: string[]) => void; error?: string }) {
  const [text, setText] = useState(() => value.join('\n'));
  useEffect(() => {
    setText((current) => (current.split('\n').map((s) => s.trim()).filter(Boolean).join('\n') === value.join('\n') ? current : value.join('\n')));
  }, [value]);
  return (
    <div className="staff-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={4}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(e.target.value.split('\n').map((s) => s.trim()).filter(Boolean));
        }}
        aria-describedby={`${id}-hint`}
        aria-invalid={error ? true : undefined}
      />
      <p id={`${id}-hint`} className="staff-field__hint">
        {hint}
      </p>
      {error ? (
        <p className="staff-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

