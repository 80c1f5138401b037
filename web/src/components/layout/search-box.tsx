/**
 * Header search box (spec 2 "Header"): Enter or the search button goes to /products with q set and iu=user, and
 * clears page, c and f. Page size is kept; sort only when a search is refined, so a new search lists by relevance.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRouteLanguage } from '../../lib/language';

const MAX_QUERY_LENGTH = 200;

export function SearchBox() {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const { to } = useRouteLanguage();
  const currentQ = searchParams.get('q') ?? '';
  const [value, setValue] = useState(currentQ);
  const inputId = useId();

  // Follow the URL (back/forward, a cleared search) without overwriting what is being typed otherwise.
  useEffect(() => setValue(currentQ), [currentQ, pathname]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = value.trim();
    const next = new URLSearchParams();
    if (q) {
      next.set('q', q);
      next.set('iu', 'user');
    }
    // A new search is ordered by relevance: a sort is kept only from a search being refined.
    for (const key of currentQ && q ? ['pageSize', 'sort'] : ['pageSize']) {
      const v = searchParams.get(key);
      if (v) next.set(key, v);
    }
    const qs = next.toString();
    navigate(`${to('/products')}${qs ? `?${qs}` : ''}`);
  };

  return (
    // action/method: without JavaScript the browser itself asks the listing for ?q= (a server-rendered page).
    <form className="search-box" role="search" action={to('/products')} method="get" onSubmit={onSubmit}>
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
        onChange={(e) => setValue(e.target.value)}
      />
      <button type="submit" className="search-box__submit" aria-label={t('search.submit')}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
