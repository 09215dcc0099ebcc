import {
  ADMIN_ROUTES,
  type AdminEndpointView,
  type AdminEndpointsResponse,
  type ConnectionTestInput,
  type ConnectionTestResult,
  type LocalModelFile,
  type LocalModelsResponse,
  type LocalServersResponse,
  type ManagedEndpointInput,
  type SetupStatusResponse,
} from '@confab/shared';
import { apiJson } from '../../lib/api-client';
import { uploadWithProgress, type UploadProgress } from '../import-export/upload-with-progress';

/** The Admin area's calls (issue 25). No answer ever holds a key: `keyLast4` at most. */

const endpointPath = (id: string) => ADMIN_ROUTES.endpoint.replace(':id', encodeURIComponent(id));
const localModelPath = (name: string) => ADMIN_ROUTES.localModel.replace(':name', encodeURIComponent(name));

export function fetchSetupStatus(signal?: AbortSignal): Promise<SetupStatusResponse> {
  return apiJson<SetupStatusResponse>(ADMIN_ROUTES.setupStatus, { signal });
}

export async function fetchAdminEndpoints(signal?: AbortSignal): Promise<AdminEndpointView[]> {
  return (await apiJson<AdminEndpointsResponse>(ADMIN_ROUTES.endpoints, { signal })).endpoints;
}

export function createEndpoint(input: ManagedEndpointInput): Promise<AdminEndpointView> {
  return apiJson<AdminEndpointView>(ADMIN_ROUTES.endpoints, { method: 'POST', json: input });
}

export function updateEndpoint(id: string, input: ManagedEndpointInput): Promise<AdminEndpointView> {
  return apiJson<AdminEndpointView>(endpointPath(id), { method: 'PATCH', json: input });
}

export async function deleteEndpoint(id: string): Promise<void> {
  await apiJson<unknown>(endpointPath(id), { method: 'DELETE' });
}

export function testEndpointConnection(input: ConnectionTestInput): Promise<ConnectionTestResult> {
  return apiJson<ConnectionTestResult>(ADMIN_ROUTES.testConnection, { method: 'POST', json: input });
}

export function fetchLocalServers(signal?: AbortSignal): Promise<LocalServersResponse> {
  return apiJson<LocalServersResponse>(ADMIN_ROUTES.localServers, { signal });
}

/** Probes the usual ports again now. */
export function rescanLocalServers(): Promise<LocalServersResponse> {
  return apiJson<LocalServersResponse>(ADMIN_ROUTES.localServers, { method: 'POST' });
}

export function fetchLocalModels(signal?: AbortSignal): Promise<LocalModelsResponse> {
  return apiJson<LocalModelsResponse>(ADMIN_ROUTES.localModels, { signal });
}

export function uploadLocalModel(
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<LocalModelFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress<LocalModelFile>(ADMIN_ROUTES.localModels, form, onProgress, signal);
}

export async function deleteLocalModel(name: string): Promise<void> {
  await apiJson<unknown>(localModelPath(name), { method: 'DELETE' });
}
