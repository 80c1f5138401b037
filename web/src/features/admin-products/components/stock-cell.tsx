/**
 * One warehouse's stock of one product, editable in place (spec 2 ProductList; spec 5 "Other rules": stock update
 * input "+10 adds, -10 subtracts, a plain 10 overwrites; confirm with enter or tab"). Shows the free units; focusing
 * selects them so typing replaces them. Enter or Tab confirms (Tab then moves on as usual), Escape cancels and
 * restores the figure; leaving the field any other way cancels too. An input that is unchanged or empty sends
 * nothing. The server parses the input (domain/stock/stock-input.ts); its refusal ('Only 4 in stock in Tallinn:
 * cannot take 10. ...') shows beside the cell and the field is marked invalid until the next try or Escape.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/translation';
import { apiErrorText } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';
import { useUpdateStock } from '../api/update-stock';

interface Props {
  productId: string;
  code: string;
  warehouse: { id: string; name: string };
  value: number;
  lang: Language;
  /** Optional reason sent with the change (the screen's reason field). */
  reason: string;
  disabled?: boolean;
}

export function StockCell({ productId, code, warehouse, value, lang, reason, disabled }: Props) {
  const { t } = useTranslation('cms');
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateStock();
  const errorId = useId();
  /**
   * True from a confirm until its answer: Tab confirms and then blurs in the same event, before React re-renders with
   * `update.isPending`, so the blur must not drop the typed input while it is being saved (or refused).
   */
  const sending = useRef(false);

  const confirm = () => {
    const input = draft?.trim() ?? '';
    if (draft === null || input === '' || input === String(value)) {
      setDraft(null);
      return;
    }
    sending.current = true;
    update.mutate(
      { productId, warehouse: warehouse.id, input, reason, lang },
      {
        onSuccess: () => {
          setDraft(null);
          setError(null);
        },
        onError: (e) => setError(apiErrorText(e)),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      confirm();
    } else if (e.key === 'Tab') {
      confirm();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setDraft(null);
      setError(null);
      e.currentTarget.select();
    }
  };

  return (
    <span className={`stock-cell${error ? ' is-invalid' : ''}${update.isPending ? ' is-busy' : ''}`}>
      <input
        className="stock-cell__input"
        type="text"
        inputMode="text"
        autoComplete="off"
        spellCheck={false}
        maxLength={32}
        value={draft ?? String(value)}
        disabled={disabled}
        aria-label={t('productList.stockInput', { code, warehouse: warehouse.name })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-busy={update.isPending || undefined}
        title={t('productList.stockHint')}
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => {
          setDraft(e.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (!sending.current && !update.isPending && !error) setDraft(null);
        }}
      />
      {error ? (
        <span id={errorId} className="stock-cell__error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
