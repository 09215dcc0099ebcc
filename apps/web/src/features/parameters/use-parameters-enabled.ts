import { useStartupConfig } from '../config/use-startup-config';

/** SPEC 6: the parameters interface toggle (on unless the config turns it off). */
export function useParametersEnabled(): boolean {
  const { data: config } = useStartupConfig();
  return config?.interface?.parameters ?? true;
}
