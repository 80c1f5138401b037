/**
 * The visibility rule editor of ProductEdit (spec 3 "Visibility rule", spec 4 "Visibility rule"): static (one
 * state), timed (from a moment on the product takes the in-range state, before it the out-of-range one) or time range
 * (in range between from and to, else out of range; from equal to to counts as in range from then on). States:
 * visible, hidden (reachable and buyable by a direct link), inaccessible (hidden and not buyable). Moments are edited
 * in the browser's local time (`datetime-local`) and kept as ISO-8601 UTC in the rule. Controlled.
 */
import { useId } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { ProductVisibilityRule } from '../../../../../api/contracts/admin-products';

type State = 'visible' | 'hidden' | 'inaccessible';
const STATES: State[] = ['visible', 'hidden', 'inaccessible'];

/** A `datetime-local` value (local time, minutes) of an ISO time, and back ('' when unparsable). */
export const toLocalInput = (iso: string): string => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
export const fromLocalInput = (value: string): string => {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
};

/** The rule after switching to `type`, keeping the states and moments that carry over. */
export function switchRuleType(rule: ProductVisibilityRule, type: ProductVisibilityRule['type'], nowIso: string): ProductVisibilityRule {
  if (rule.type === type) return rule;
  const inRange: State = rule.type === 'static' ? rule.state : rule.stateInRange;
  const outRange: State = rule.type === 'static' ? 'hidden' : rule.stateOutRange;
  const from = rule.type === 'static' ? nowIso : rule.rangeFrom;
  if (type === 'static') return { type, state: inRange };
  if (type === 'timed') return { type, rangeFrom: from, stateInRange: inRange, stateOutRange: outRange };
  const to = rule.type === 'timeRange' ? rule.rangeTo : new Date(Date.parse(from) + 7 * 86_400_000).toISOString();
  return { type, rangeFrom: from, rangeTo: to, stateInRange: inRange, stateOutRange: outRange };
}

interface Props {
  value: ProductVisibilityRule;
  onChange: (rule: ProductVisibilityRule) => void;
  /** Field errors by path (`visibility.rangeFrom`, ...). */
  errors: Partial<Record<'state' | 'rangeFrom' | 'rangeTo' | 'stateInRange' | 'stateOutRange', string>>;
}

export function VisibilityRuleField({ value, onChange, errors }: Props) {
  const { t } = useTranslation('cms');
  const base = useId();
  const stateSelect = (key: 'state' | 'stateInRange' | 'stateOutRange', current: State, set: (s: State) => void) => (
    <div className="staff-field">
      <label htmlFor={`${base}-${key}`}>{t(`productEdit.visibility.${key}`)}</label>
      <select id={`${base}-${key}`} value={current} onChange={(e) => set(e.target.value as State)} aria-invalid={errors[key] ? true : undefined}>
        {STATES.map((s) => (
          <option key={s} value={s}>
            {t(`productEdit.visibility.states.${s}`)}
          </option>
        ))}
      </select>
      {errors[key] ? <p className="staff-field__error" role="alert">{errors[key]}</p> : null}
    </div>
  );
  const moment = (key: 'rangeFrom' | 'rangeTo', current: string, set: (iso: string) => void) => (
    <div className="staff-field">
      <label htmlFor={`${base}-${key}`}>{t(`productEdit.visibility.${key}`)}</label>
      <input
        id={`${base}-${key}`}
        type="datetime-local"
        value={toLocalInput(current)}
        onChange={(e) => set(fromLocalInput(e.target.value))}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${base}-${key}-error` : undefined}
      />
      {errors[key] ? (
        <p id={`${base}-${key}-error`} className="staff-field__error" role="alert">
          {errors[key]}
        </p>
      ) : null}
    </div>
  );
  return (
    <fieldset className="product-edit__fieldset">
      <legend>{t('productEdit.visibility.title')}</legend>
      <div className="staff-field">
        <label htmlFor={`${base}-type`}>{t('productEdit.visibility.type')}</label>
        <select id={`${base}-type`} value={value.type} onChange={(e) => onChange(switchRuleType(value, e.target.value as ProductVisibilityRule['type'], new Date().toISOString()))}>
          <option value="static">{t('productEdit.visibility.types.static')}</option>
          <option value="timed">{t('productEdit.visibility.types.timed')}</option>
          <option value="timeRange">{t('productEdit.visibility.types.timeRange')}</option>
        </select>
      </div>
      {value.type === 'static' ? (
        stateSelect('state', value.state, (state) => onChange({ ...value, state }))
      ) : (
        <>
          <div className="staff-form__row">
            {moment('rangeFrom', value.rangeFrom, (rangeFrom) => onChange({ ...value, rangeFrom }))}
            {value.type === 'timeRange' ? moment('rangeTo', value.rangeTo, (rangeTo) => onChange({ ...value, rangeTo })) : null}
          </div>
          <div className="staff-form__row">
            {stateSelect('stateInRange', value.stateInRange, (stateInRange) => onChange({ ...value, stateInRange }))}
            {stateSelect('stateOutRange', value.stateOutRange, (stateOutRange) => onChange({ ...value, stateOutRange }))}
          </div>
          <p className="staff-field__hint">{t(`productEdit.visibility.hint.${value.type}`)}</p>
        </>
      )}
    </fieldset>
  );
}
