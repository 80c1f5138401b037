/**
 * Header search box (spec 2 "Header"): Enter or the search button goes to /products with q set and iu=user, and
 * clears page, c and f. Page size is kept; sort only when a search is refined, so a new search lists by relevance.
 *
 * Category suggestions (spec 9 "Category search suggestions: at most 10 ... Search key-up delay 300 ms"): 300 ms
 * after the last key, what has been typed (2 characters or more) is sent to GET /v1/categories/suggestions in the
 * page's language, and up to 10 categories show below the box as a WAI-ARIA combobox with a listbox popup: the input
 * has role combobox, aria-expanded, aria-controls and aria-activedescendant; ArrowDown/ArrowUp move through the
 * suggestions (wrapping), Enter on one opens that category's page (Enter with none active searches as before),
 * Escape closes the list, a click on one opens it. A failed ask shows nothing (silent). No other module is loaded.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/translation';
import type { CategorySuggestionItem } from '../../../../api/contracts/category-suggestions';
import { getJson, withQuery } from '../../lib/api-client';
import { useRouteLanguage } from '../../lib/language';

const MAX_QUERY_LENGTH = 200;
/** Spec 9 "Search key-up delay 300 ms". */
export const SUGGESTION_DELAY_MS = 300;
/** Suggestions are asked from this many characters on (the api answers nothing below it). */
const MIN_SUGGESTION_CHARS = 2;

export function SearchBox() {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const { to, lang } = useRouteLanguage();
  const currentQ = searchParams.get('q') ?? '';
  const [value, setValue] = useState(currentQ);
  /** What the shopper typed (set by typing only, so following the URL asks for nothing). */
  const [typed, setTyped] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<CategorySuggestionItem[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputId = useId();
  const listId = `${inputId}-suggestions`;
  const optionId = (i: number) => `${inputId}-suggestion-${i}`;
  const requestRef = useRef<AbortController | null>(null);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  // Follow the URL (back/forward, a cleared search) without overwriting what is being typed otherwise.
  useEffect(() => {
    setValue(currentQ);
    setTyped(null);
    close();
  }, [currentQ, pathname]);

  // Spec 9: ask for category suggestions 300 ms after the last key.
  useEffect(() => {
    requestRef.current?.abort();
    const q = typed?.trim() ?? '';
    if (q.length < MIN_SUGGESTION_CHARS) {
      setSuggestions([]);
      close();
      return undefined;
    }
    const timer = setTimeout(() => {
      const controller = new AbortController();
      requestRef.current = controller;
      getJson<{ data?: CategorySuggestionItem[] }>(withQuery('/v1/categories/suggestions', { q, lang }), { signal: controller.signal, silent: true })
        .then(({ body }) => {
          const found = body.data ?? [];
          setSuggestions(found);
          setActive(-1);
          setOpen(found.length > 0);
        })
        .catch(() => undefined); // spec 9 suggestions are a help: a failed or aborted ask shows nothing
    }, SUGGESTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, lang]);
  useEffect(() => () => requestRef.current?.abort(), []);

  const choose = (suggestion: CategorySuggestionItem) => {
    close();
    setTyped(null);
    navigate(suggestion.url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return;
      event.preventDefault();
      const down = event.key === 'ArrowDown';
      setOpen(true);
      setActive((i) => (!open || i < 0 ? (down ? 0 : count - 1) : (i + (down ? 1 : count - 1)) % count));
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    } else if (event.key === 'Enter' && open && active >= 0 && suggestions[active]) {
      event.preventDefault();
      choose(suggestions[active]);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    close();
    const q = value.trim();
    const next = new URLSearchParams();
    if (q) {
      next.set('q', q);
      next.set('iu', 'user');
    }
    // A new search is ordered by relevance: a sort is kept only from a search being refined.
    // The vehicle (docs/architecture.md "Vehicle fitment") stays: a search lists the parts that fit it.
    for (const key of currentQ && q ? ['pageSize', 'sort', 'v'] : ['pageSize', 'v']) {
      const v = searchParams.get(key);
      if (v) next.set(key, v);
    }
    const qs = next.toString();
    navigate(`${to('/products')}${qs ? `?${qs}` : ''}`);
  };

  return (
    // action/method: without JavaScript the browser itself asks the listing for ?q= (a server-rendered page).
    <form className="search-box" role="search" action={to('/products')} method="get" onSubmit={onSubmit}>
      {searchParams.get('v') && <input type="hidden" name="v" value={searchParams.get('v')!} />}
      <label htmlFor={inputId} className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        id={inputId}
        type="search"
        name="q"
        value={value}
        maxLength={MAX_QUERY_LENGTH}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          setTyped(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <ul id={listId} role="listbox" className="search-box__suggestions" aria-label={t('smallprint.suggestions')} hidden={!open}>
        {open &&
          suggestions.map((s, i) => (
            <li
              key={s.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className="search-box__suggestion"
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(s);
              }}
            >
              <span className="search-box__suggestion-name">{s.name}</span>
              {s.parents.length > 0 && <span className="search-box__suggestion-path">{s.parents.join(' › ')}</span>}
            </li>
          ))}
      </ul>
      <button type="submit" className="search-box__submit" aria-label={t('search.submit')}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
