import { useStartupConfig } from '../config/use-startup-config';

/**
 * SPEC 6's `interface.sidePanel`: the whole right-hand panel, as in LibreChat, so both of what it
 * holds here (the parameters and the agent builder) and the buttons that open them. On unless the
 * config turns it off.
 */
export function useSidePanelEnabled(): boolean {
  const { data: config } = useStartupConfig();
  return config?.interface?.sidePanel ?? true;
}
