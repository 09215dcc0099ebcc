import { useStartupConfig } from '../config/use-startup-config';
import { useSidePanelEnabled } from '../layout/use-side-panel-enabled';

/** SPEC 6: the parameters interface toggle, and the side panel they live in (each on unless the config turns it off). */
export function useParametersEnabled(): boolean {
  const { data: config } = useStartupConfig();
  const isSidePanelOn = useSidePanelEnabled();
  return isSidePanelOn && (config?.interface?.parameters ?? true);
}
