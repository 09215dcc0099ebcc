import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { useStartupConfig } from './use-startup-config';

/** The app title from the startup config, with the default title while it loads. */
export function useAppTitle(): string {
  const { t } = useTranslation('common');
  const { data } = useStartupConfig();
  return data?.appTitle || t('app_default_title');
}

const useTitleSuffix = create<{ suffix: string | null }>()(() => ({ suffix: null }));

/**
 * Names the current page in the tab title: "<app title> | <suffix>". Pages call it; the root
 * writes document.title (so parent and child effects never race over it).
 */
export function useDocumentTitle(suffix: string | null | undefined): void {
  useEffect(() => {
    useTitleSuffix.setState({ suffix: suffix || null });
    return () => useTitleSuffix.setState({ suffix: null });
  }, [suffix]);
}

/** Used once, by the root layout. */
export function useDocumentTitleWriter(): void {
  const appTitle = useAppTitle();
  const suffix = useTitleSuffix((s) => s.suffix);
  useEffect(() => {
    document.title = suffix ? `${appTitle} | ${suffix}` : appTitle;
  }, [appTitle, suffix]);
}
