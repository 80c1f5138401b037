/**
 * The product picker of the admin area (spec 2 "Shared pieces are an edit header, an order client info block and a
 * product picker"; spec 2 ProductEdit's compatible and similar products, OrderEdit's rows). Staff-only.
 *
 * - `ProductSearch`: a combobox that searches GET /v1/admin/products?q= (part number however typed, or words of the
 *   name; api/contracts/admin-products.ts `AdminProductListItem`) as the user types (250 ms pause), lists up to 10
 *   matches (code1, name, gross price), and hands the chosen one to `onPick`. Keyboard: ArrowDown / ArrowUp move,
 *   Enter picks, Escape closes.
 * - `ProductPicker`: a controlled list of product ids (`{ value: string[]; onChange(ids) }`) shown as removable chips
 *   (code1 and name from `known` or from the searches), with a `ProductSearch` to add one; `exclude` ids are not
 *   offered (e.g. the product being edited).
 */
import { useQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation';
import type { AdminProductListItem } from '../../../../api/contracts/admin-products';
import { apiErrorText } from '../../lib/api-client';
import { formatEuro } from '../../lib/format';
import { useRouteLanguage } from '../../lib/language';
import { staffGet } from '../../lib/staff/session-expiry';
import './product-picker.css';

/** What the picker knows of a product: enough for a chip or a result row. */
export interface PickedProduct {
  id: string;
  code1: string;
  name: string;
  grossCents?: number | null;
}

/** GET /v1/admin/products?q= (first page, 24 rows). */
async function searchProducts(q: string, lang: string, signal?: AbortSignal): Promise<PickedProduct[]> {
  const query = new URLSearchParams({ q, lang, pageSize: '24' });
  const body = (await staffGet<{ data: { products: AdminProductListItem[] } }>(`/v1/admin/products?${query}`, signal)).body.data;
  return body.products.map((p) => ({ id: p.id, code1: p.code1, name: p.name, grossCents: p.grossCents }));
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setV(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return v;
}

interface SearchProps {
  /** The input's id (its label points at it). */
  id: string;
  label: string;
  onPick: (product: PickedProduct) => void;
  exclude?: readonly string[];
}

export function ProductSearch({ id, label, onPick, exclude = [] }: SearchProps) {
  const { t } = useTranslation('cms');
  const { lang } = useRouteLanguage();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim(), 250);
  const listId = useId();
  const results = useQuery({
    queryKey: ['admin', 'products', 'picker', q, lang],
    queryFn: ({ signal }) => searchProducts(q, lang, signal),
    enabled: q.length >= 2,
    staleTime: 10_000,
  });
  const options = useMemo(() => (results.data ?? []).filter((p) => !exclude.includes(p.id)).slice(0, 10), [results.data, exclude]);
  const showList = open && q.length >= 2;
  const pick = (p: PickedProduct | undefined) => {
    if (!p) return;
    onPick(p);
    setText('');
    setOpen(false);
    setActive(0);
  };

  return (
    <div className="staff-field product-picker__search">
      <label htmlFor={id}>{label}</label>
      <div className="product-picker__input">
        <Search size={14} aria-hidden="true" />
        <input
          id={id}
          type="search"
          role="combobox"
          autoComplete="off"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && options[active] ? `${listId}-${active}` : undefined}
          placeholder={t('productPicker.placeholder')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setOpen(true);
              setActive((a) => Math.min(a + 1, Math.max(options.length - 1, 0)));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            } else if (e.key === 'Enter') {
              // Enter picks; it never submits the form around the picker.
              e.preventDefault();
              if (showList && options[active]) pick(options[active]);
            } else if (e.key === 'Escape') {
              setOpen(false);
            }
          }}
        />
      </div>
      {showList ? (
        <ul id={listId} role="listbox" className="product-picker__list" aria-label={label}>
          {results.isPending ? <li className="muted">{t('productPicker.searching')}</li> : null}
          {results.isError ? <li className="staff-field__error">{apiErrorText(results.error)}</li> : null}
          {results.isSuccess && !options.length ? <li className="muted">{t('productPicker.nothing')}</li> : null}
          {options.map((p, i) => (
            <li
              key={p.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'is-active' : undefined}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(p)}
            >
              <span className="product-picker__code">{p.code1}</span> <span>{p.name}</span>
              {p.grossCents !== undefined && p.grossCents !== null ? <span className="muted"> {formatEuro(p.grossCents, lang)}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

interface PickerProps {
  id: string;
  label: string;
  value: string[];
  onChange: (ids: string[]) => void;
  /** Products already known (e.g. from the edited product's answer), for the chips' code and name. */
  known?: readonly PickedProduct[];
  exclude?: readonly string[];
  error?: string;
}

export function ProductPicker({ id, label, value, onChange, known = [], exclude = [], error }: PickerProps) {
  const { t } = useTranslation('cms');
  const seen = useRef(new Map<string, PickedProduct>());
  for (const p of known) if (!seen.current.has(p.id)) seen.current.set(p.id, p);
  return (
    <div className="product-picker">
      <ProductSearch
        id={id}
        label={label}
        exclude={[...exclude, ...value]}
        onPick={(p) => {
          seen.current.set(p.id, p);
          onChange([...value, p.id]);
        }}
      />
      {value.length ? (
        <ul className="product-picker__chips" aria-label={label}>
          {value.map((pid) => {
            const p = seen.current.get(pid);
            return (
              <li key={pid} className="product-picker__chip">
                <span>{p ? `${p.code1} · ${p.name}` : pid.slice(0, 8)}</span>
                <button type="button" className="product-picker__remove" aria-label={t('productPicker.remove', { name: p?.code1 ?? pid })} onClick={() => onChange(value.filter((v) => v !== pid))}>
                  <X size={12} aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="staff-field__hint">{t('productPicker.empty')}</p>
      )}
      {error ? (
        <p className="staff-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
