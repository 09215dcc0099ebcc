import { DEMO_ENDPOINT_NAME, DEMO_MODELS } from './demo-replies.js';

type YamlObject = Record<string, unknown>;

const isObject = (value: unknown): value is YamlObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The demo's configuration: the user's own config.yaml (as parsed, `${VAR}`s left for the
 * server to resolve) plus the "Demo (simulated)" custom endpoint at the simulator's URL. A
 * custom endpoint of the same name in the user's file is replaced, everything else is kept.
 */
export function mergeDemoConfig(userConfig: unknown, simulatorURL: string): YamlObject {
  const base = isObject(userConfig) ? userConfig : {};
  const endpoints = isObject(base.endpoints) ? base.endpoints : {};
  const custom = Array.isArray(endpoints.custom) ? endpoints.custom : [];
  const demoEndpoint = {
    name: DEMO_ENDPOINT_NAME,
    // The simulator takes any key; the server needs one to call it.
    apiKey: 'demo-needs-no-key',
    baseURL: simulatorURL,
    models: { default: [...DEMO_MODELS] },
    titleConvo: true,
    modelDisplayLabel: DEMO_ENDPOINT_NAME,
  };
  return {
    version: '1.2.5',
    ...base,
    endpoints: {
      ...endpoints,
      custom: [...custom.filter((c) => !isObject(c) || c.name !== DEMO_ENDPOINT_NAME), demoEndpoint],
    },
  };
}
