/**
 * The Visibility tab of page settings (spec 3 "Visibility rule": type static / timed / time range, rangeFrom,
 * rangeTo, stateInRange default visible, stateOutRange default hidden; spec 4: no rule is visible, 'from equals to'
 * is in range from then on; "a state picker with before, after and in-range dates"): the display mode (none = no
 * rule), the states in and out of range, each moment as a day (react-day-picker, opened by a button) and a time
 * (`<input type="time">`) in the browser's local time, kept as ISO-8601 UTC in the rule; and a live table of what
 * the rule means now, before, in range and after (./settings-logic.ts visibilityTable, the storefront's own rule
 * function). The host saves the rule with its Save (SchedulePage when it changed).
 */
import { CalendarDays } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { enUS } from 'react-day-picker/locale/en-US';
import { et } from 'react-day-picker/locale/et';
import 'react-day-picker/style.css';
import { useTranslation } from '../../lib/translation';
import type { Language } from '../../../../api/contracts/catalog';
import { VISIBILITY_STATES, type VisibilityRule, type VisibilityState } from '../../../../domain/page/visibility';
import { formatDate } from '../../lib/format-date';
import { joinLocal, splitLocal, switchRuleType, visibilityTable, type RuleType } from './settings-logic';
import { NS } from './texts';
import type { PageSettingsPanelProps, PageVisibility } from './types';

const TYPES: RuleType[] = ['none', 'static', 'timed', 'timeRange'];

/** The contract's rule (optional moments) as the domain's (moments null when absent). */
export function toRule(v: PageVisibility): VisibilityRule | null {
  return v ? { type: v.type, rangeFrom: v.rangeFrom ?? null, rangeTo: v.rangeTo ?? null, stateInRange: v.stateInRange, stateOutRange: v.stateOutRange } : null;
}

/** The clock for the table, ticking each minute so "now" stays true while the panel is open. */
function useNow(): string {
  const [now, setNow] = useState(() => new Date().toISOString());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date().toISOString()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export function VisibilityTab({ value, onChange, lang }: PageSettingsPanelProps) {
  const { t } = useTranslation(NS);
  const base = useId().replace(/:/g, '');
  const now = useNow();
  const rule = toRule(value.visibility);
  const set = (next: VisibilityRule | null) => onChange({ ...value, visibility: next });
  const type: RuleType = rule?.type ?? 'none';
  const stateSelect = (key: 'stateInRange' | 'stateOutRange', label: string) =>
    rule ? (
      <div className="ps-field">
        <label htmlFor={`${base}-${key}`}>{label}</label>
        <select id={`${base}-${key}`} value={rule[key]} onChange={(e) => set({ ...rule, [key]: e.target.value as VisibilityState })}>
          {VISIBILITY_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`visibility.states.${s}`)}
            </option>
          ))}
        </select>
      </div>
    ) : null;
  const same = rule?.type === 'timeRange' && rule.rangeFrom !== null && rule.rangeFrom === rule.rangeTo;
  return (
    <div className="page-settings__visibility">
      <div className="ps-field">
        <label htmlFor={`${base}-type`}>{t('visibility.type')}</label>
        <select id={`${base}-type`} value={type} onChange={(e) => set(switchRuleType(rule, e.target.value as RuleType, new Date().toISOString()))}>
          {TYPES.map((k) => (
            <option key={k} value={k}>
              {t(`visibility.types.${k}`)}
            </option>
          ))}
        </select>
      </div>
      {rule?.type === 'static' ? stateSelect('stateInRange', t('visibility.state')) : null}
      {rule && rule.type !== 'static' ? (
        <>
          <MomentField id={`${base}-from`} label={t('visibility.rangeFrom')} value={rule.rangeFrom} lang={lang} onChange={(rangeFrom) => set({ ...rule, rangeFrom })} clearable={rule.type === 'timeRange'} />
          {rule.type === 'timeRange' ? <MomentField id={`${base}-to`} label={t('visibility.rangeTo')} value={rule.rangeTo} lang={lang} onChange={(rangeTo) => set({ ...rule, rangeTo })} clearable /> : null}
          {same ? <p className="ps-field__hint">{t('visibility.sameMoment')}</p> : null}
          {stateSelect('stateInRange', t('visibility.stateInRange'))}
          {stateSelect('stateOutRange', t('visibility.stateOutRange'))}
        </>
      ) : null}
      <table className="ps-table">
        <caption>{t('visibility.table')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('visibility.moment')}</th>
            <th scope="col">{t('visibility.when')}</th>
            <th scope="col">{t('visibility.result')}</th>
          </tr>
        </thead>
        <tbody>
          {visibilityTable(rule, now).map((row) => (
            <tr key={row.key} data-moment={row.key}>
              <th scope="row">{t(`visibility.moments.${row.key}`)}</th>
              <td>{row.key === 'now' ? formatDate(row.at, lang, true) : row.at ? formatDate(row.at, lang, true) : t('visibility.anyTime')}</td>
              <td>
                <span className={`ps-state is-${row.state}`}>{t(`visibility.states.${row.state}`)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="ps-field__hint">{t('visibility.hint')}</p>
    </div>
  );
}

/**
 * One moment of the rule: the day (a button opening react-day-picker's month grid, keyboard-navigable; picking a
 * day closes it) and the time. Null (an open end) until a day is picked; `clearable` offers Clear.
 */
function MomentField({ id, label, value, lang, onChange, clearable }: { id: string; label: string; value: string | null; lang: Language; onChange(iso: string | null): void; clearable: boolean }) {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState(false);
  const parts = splitLocal(value);
  const time = parts?.time ?? '00:00';
  return (
    <fieldset className="ps-moment">
      <legend>{label}</legend>
      <div className="ps-moment__row">
        <button type="button" className="button ps-moment__day" aria-expanded={open} aria-controls={`${id}-calendar`} onClick={() => setOpen((o) => !o)}>
          <CalendarDays size={14} aria-hidden="true" />
          <span>
            <span className="visually-hidden">{t('visibility.pickDay')}: </span>
            {parts ? formatDate(parts.day, lang) : t('visibility.noDay')}
          </span>
        </button>
        <label className="ps-moment__time">
          <span>{t('visibility.time')}</span>
          <input id={`${id}-time`} type="time" value={time} disabled={!parts} onChange={(e) => parts && onChange(joinLocal(parts.day, e.target.value))} />
        </label>
        {clearable && value !== null ? (
          <button type="button" className="link-button" onClick={() => onChange(null)}>
            {t('visibility.clear')}
          </button>
        ) : null}
      </div>
      {open ? (
        <div id={`${id}-calendar`} className="ps-moment__calendar">
          <DayPicker
            mode="single"
            locale={lang === 'et' ? et : enUS}
            selected={parts?.day}
            defaultMonth={parts?.day}
            autoFocus
            onSelect={(day) => {
              if (!day) return;
              onChange(joinLocal(day, time));
              setOpen(false);
            }}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
