/**
 * ProductEdit's texts section (spec 3 "Product"): the names and descriptions per language on et / en tabs (the
 * shared TabList: arrow keys, Home, End; a language whose fields have errors is marked), then code1, code2, unit and
 * class.
 */
import { useTranslation } from '../../../lib/translation';
import { TabList } from '../../../components/staff/tab-list';
import { TextField } from '../../../components/staff/text-field';
import type { Language } from '../../../lib/language';
import { CLASSES, LANGS, type ProductFormApi, UNITS } from '../utils/product-form';

/** `idBase`: a unique prefix for the tabs' ids; `tab`: the language shown. */
export function ProductTextsSection({ form, idBase, tab, setTab }: { form: ProductFormApi; idBase: string; tab: Language; setTab: (l: Language) => void }) {
  const { t } = useTranslation('cms');
  const { errors } = form.formState;
  return (
    <>
      <div className="staff-panel">
        <TabList
          idPrefix={idBase}
          label={t('productEdit.languages')}
          tabs={LANGS}
          selected={tab}
          onSelect={setTab}
          tabLabel={(l) => t(`productEdit.language.${l}`)}
          panelIdOf={(l) => `${idBase}-panel-${l}`}
          marked={(l) => Boolean(errors.names?.[l] || errors.descriptions?.[l])}
        />
        {LANGS.map((l) => (
          <div key={l} role="tabpanel" id={`${idBase}-panel-${l}`} aria-labelledby={`${idBase}-tab-${l}`} hidden={tab !== l}>
            <TextField id={`product-name-${l}`} label={t('productEdit.name')} autoComplete="off" registration={form.register(`names.${l}`)} error={errors.names?.[l]?.message} />
            <div className="staff-field">
              <label htmlFor={`product-description-${l}`}>{t('productEdit.description')}</label>
              <textarea id={`product-description-${l}`} rows={6} {...form.register(`descriptions.${l}`)} aria-invalid={errors.descriptions?.[l] ? true : undefined} />
              {errors.descriptions?.[l] ? (
                <p className="staff-field__error" role="alert">
                  {errors.descriptions[l]?.message}
                </p>
              ) : null}
            </div>
          </div>
        ))}
      </div>

      <div className="staff-panel">
        <div className="staff-form__row">
          <TextField id="product-code1" label={t('productEdit.code1')} autoComplete="off" registration={form.register('code1')} error={errors.code1?.message} />
          <TextField
            id="product-code2"
            label={t('productEdit.code2')}
            autoComplete="off"
            registration={form.register('code2', { setValueAs: (v: string | null) => (v === '' || v === null ? null : v) })}
            error={errors.code2?.message}
          />
        </div>
        <div className="staff-form__row">
          <div className="staff-field">
            <label htmlFor="product-unit">{t('productEdit.unit')}</label>
            <select id="product-unit" {...form.register('unit')}>
              {UNITS.map((u) => (
                <option key={u} value={u}>
                  {t(`productEdit.units.${u}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="staff-field">
            <label htmlFor="product-class">{t('productEdit.class')}</label>
            <select id="product-class" {...form.register('productClass')}>
              {CLASSES.map((c) => (
                <option key={c} value={c}>
                  {t(`productEdit.classes.${c}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
    </>
  );
}
