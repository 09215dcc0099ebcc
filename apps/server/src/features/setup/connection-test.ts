import type { ConnectionTestResult, ManagedEndpointFamily } from '@confab/shared';

export interface ConnectionTarget {
  family: ManagedEndpointFamily;
  baseURL?: string | undefined;
  apiKey: string;
  azure?: { instanceName: string; deploymentName?: string | undefined; apiVersion?: string | undefined } | undefined;
  bedrock?: { region: string; accessKeyId: string } | undefined;
}

/** PLACEHOLDER (issue 25, being built): asks the provider for its models with this key. */
export async function testConnection(
  _target: ConnectionTarget,
  _fetchImpl: typeof fetch = fetch,
): Promise<ConnectionTestResult> {
  return { ok: false, code: 'unreachable', error: 'Connection tests are not built yet' };
}
