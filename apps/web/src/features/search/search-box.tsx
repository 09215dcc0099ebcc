import { TIMING } from '@confab/shared';
import { Search, X } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useSearchStore } from './search-store';

/**
 * The sidebar search box (SPEC 4, Search): typing sets a typing state, then after 500 ms the
 * query is searched: a non-empty one goes to /search?q=…, an empty one back to /c/new.
 * Backspace on an empty box clears the search.
 */
export function SearchBox({ isFetching = false }: { isFetching?: boolean }) {
  const { t } = useTranslation('conversations');
  const navigate = useNavigate();
  const location = useLocation();
  const query = useSearchStore((s) => s.query);
  const isTyping = useSearchStore((s) => s.isTyping);
  const debouncedQuery = useSearchStore((s) => s.debouncedQuery);
  const inputRef = useRef<HTMLInputElement>(null);
  const isOnSearch = location.pathname === '/search';

  // Debounce: only the last keystroke's timer survives.
  useEffect(() => {
    if (!isTyping) return;
    const timer = setTimeout(() => useSearchStore.getState().commit(), TIMING.sidebarSearchDebounceMs);
    return () => clearTimeout(timer);
  }, [query, isTyping]);

  // The committed query drives the route.
  const lastCommitted = useRef(debouncedQuery);
  useEffect(() => {
    if (lastCommitted.current === debouncedQuery) return;
    lastCommitted.current = debouncedQuery;
    if (debouncedQuery) void navigate(`/search?q=${encodeURIComponent(debouncedQuery)}`, { replace: isOnSearch });
    else if (isOnSearch) void navigate('/c/new');
  }, [debouncedQuery, isOnSearch, navigate]);

  // Opening /search?q=… directly (a reload, a shared URL) fills the box.
  const urlQuery = isOnSearch ? (new URLSearchParams(location.search).get('q') ?? '') : null;
  useEffect(() => {
    if (urlQuery === null) return;
    const state = useSearchStore.getState();
    if (!state.isTyping && urlQuery.trim() !== state.debouncedQuery) {
      lastCommitted.current = urlQuery.trim();
      useSearchStore.setState({ query: urlQuery, debouncedQuery: urlQuery.trim() });
    }
  }, [urlQuery]);

  // Starting a new chat ends the search, so the sidebar shows every conversation again.
  useEffect(() => {
    if (location.pathname === '/c/new' && useSearchStore.getState().debouncedQuery) {
      lastCommitted.current = '';
      useSearchStore.getState().clear();
    }
  }, [location.pathname]);

  const clear = () => {
    useSearchStore.getState().setQuery('');
    useSearchStore.getState().commit();
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && query === '') clear();
    else if (event.key === 'Escape' && query) {
      event.stopPropagation();
      clear();
    }
  };

  return (
    <div className="relative pb-1" role="search" data-testid="sidebar-search">
      <Search
        className="pointer-events-none absolute top-[18px] left-3 size-4 -translate-y-1/2 text-fg-tertiary"
        aria-hidden
      />
      <input
        ref={inputRef}
        type="search"
        value={query}
        onChange={(e) => useSearchStore.getState().setQuery(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('search_placeholder')}
        aria-label={t('search_label')}
        className="focus-ring h-9 w-full rounded-lg border border-transparent bg-surface-tertiary/70 pr-9 pl-9 text-sm text-fg transition-colors outline-none placeholder:text-fg-tertiary hover:bg-surface-tertiary focus:border-line-strong focus:bg-surface [&::-webkit-search-cancel-button]:hidden"
        data-testid="search-input"
      />
      <span className="absolute top-[18px] right-1.5 flex -translate-y-1/2 items-center">
        {isTyping || isFetching ? (
          <Spinner className="mr-1 size-4 text-fg-tertiary" />
        ) : query ? (
          <button
            type="button"
            onClick={clear}
            aria-label={t('search_clear')}
            className="focus-ring flex size-6 items-center justify-center rounded-md text-fg-tertiary hover:bg-surface-hover hover:text-fg"
            data-testid="search-clear"
          >
            <X className="size-3.5" aria-hidden />
          </button>
        ) : null}
      </span>
    </div>
  );
}
