import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { withoutParams } from './subscription-rules';

const PARAM = 'settings';
// 'personalization': a memory saved on a reply opens its list (issue 41).
const TABS = ['subscription', 'personalization'] as const;
export type SettingsUrlTab = (typeof TABS)[number];

function isSettingsUrlTab(value: string | null): value is SettingsUrlTab {
  return TABS.some((tab) => tab === value);
}

/**
 * SPEC 2: `?settings=subscription` opens Settings on that tab (the billing portal returns there);
 * the parameter is then removed so a reload does not open it again.
 */
export function useSettingsParam(open: (tab: SettingsUrlTab) => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const value = new URLSearchParams(location.search).get(PARAM);
    if (value === null) return;
    void navigate(
      { pathname: location.pathname, search: withoutParams(location.search, [PARAM]), hash: location.hash },
      { replace: true },
    );
    if (isSettingsUrlTab(value)) open(value);
  }, [location.search, location.pathname, location.hash, navigate, open]);
}
