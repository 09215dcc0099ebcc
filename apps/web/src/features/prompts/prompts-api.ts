import type {
  createPromptSchema,
  CreatePromptResponse,
  DeletePromptResponse,
  PromptCategory,
  PromptGroup,
  PromptGroupListResponse,
  PromptMessageResponse,
  PromptUseResponse,
  PromptVersion,
  RandomPromptsResponse,
  updatePromptGroupSchema,
} from '@confab/shared';
import type { z } from 'zod';
import { apiJson } from '../../lib/api-client';

export type { PromptCategory, PromptGroup, PromptGroupListResponse, PromptType, PromptVersion } from '@confab/shared';

/**
 * Every call of the prompts library (SPEC 7 Prompts), in LibreChat's paths and shapes.
 * The "/" command reads `fetchAllPromptGroups`; the library screens read the rest.
 */

const enc = encodeURIComponent;

/** Query of GET /api/prompts/groups; `category` may be one of PROMPT_SYSTEM_CATEGORIES or '' (all). */
export interface PromptGroupsFilter {
  pageNumber: number;
  pageSize: number;
  name?: string;
  category?: string;
}

/** The body of POST /api/prompts: a new group (`group`) or a new version (`prompt.groupId`). */
export type CreatePromptBody = z.input<typeof createPromptSchema>;
/** The body of PATCH /api/prompts/groups/:id. */
export type UpdatePromptGroupBody = z.input<typeof updatePromptGroupSchema>;

function toQuery(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** GET /api/prompts/all: every group the user may use (own and shared), for the "/" command. */
export async function fetchAllPromptGroups(signal?: AbortSignal): Promise<PromptGroup[]> {
  return (await apiJson<PromptGroup[]>('/api/prompts/all', { signal })) ?? [];
}

/** GET /api/prompts/groups: one page of groups, filtered by name and category. */
export function fetchPromptGroups(filter: PromptGroupsFilter, signal?: AbortSignal): Promise<PromptGroupListResponse> {
  return apiJson<PromptGroupListResponse>(
    `/api/prompts/groups${toQuery({
      pageNumber: filter.pageNumber,
      pageSize: filter.pageSize,
      name: filter.name?.trim(),
      category: filter.category,
    })}`,
    { signal },
  );
}

export function fetchPromptGroup(groupId: string, signal?: AbortSignal): Promise<PromptGroup> {
  return apiJson<PromptGroup>(`/api/prompts/groups/${enc(groupId)}`, { signal });
}

/** GET /api/prompts?groupId=: the versions of a group, newest first. */
export async function fetchPromptVersions(groupId: string, signal?: AbortSignal): Promise<PromptVersion[]> {
  return (await apiJson<PromptVersion[]>(`/api/prompts${toQuery({ groupId })}`, { signal })) ?? [];
}

export function fetchPrompt(promptId: string, signal?: AbortSignal): Promise<PromptVersion> {
  return apiJson<PromptVersion>(`/api/prompts/${enc(promptId)}`, { signal });
}

/** GET /api/prompts/random: a few shared/own groups (LibreChat's starters). */
export function fetchRandomPrompts(limit: number, skip = 0, signal?: AbortSignal): Promise<RandomPromptsResponse> {
  return apiJson<RandomPromptsResponse>(`/api/prompts/random${toQuery({ limit, skip })}`, { signal });
}

/** GET /api/categories. */
export async function fetchPromptCategories(signal?: AbortSignal): Promise<PromptCategory[]> {
  return (await apiJson<PromptCategory[]>('/api/categories', { signal })) ?? [];
}

/** POST /api/prompts: a new group with its first version, or (with `prompt.groupId`) a new version. */
export function createPrompt(input: CreatePromptBody): Promise<CreatePromptResponse> {
  return apiJson<CreatePromptResponse>('/api/prompts', { method: 'POST', json: input });
}

export function updatePromptGroup(groupId: string, input: UpdatePromptGroupBody): Promise<PromptGroup> {
  return apiJson<PromptGroup>(`/api/prompts/groups/${enc(groupId)}`, { method: 'PATCH', json: input });
}

export function deletePromptGroup(groupId: string): Promise<PromptMessageResponse> {
  return apiJson<PromptMessageResponse>(`/api/prompts/groups/${enc(groupId)}`, { method: 'DELETE' });
}

/** DELETE /api/prompts/:id?groupId=: one version; the server removes the group with its last one. */
export function deletePromptVersion(promptId: string, groupId: string): Promise<DeletePromptResponse> {
  return apiJson<DeletePromptResponse>(`/api/prompts/${enc(promptId)}${toQuery({ groupId })}`, { method: 'DELETE' });
}

export function updatePromptLabels(promptId: string, labels: string[]): Promise<PromptMessageResponse> {
  return apiJson<PromptMessageResponse>(`/api/prompts/${enc(promptId)}/labels`, { method: 'PATCH', json: { labels } });
}

export function makePromptProduction(promptId: string): Promise<PromptMessageResponse> {
  return apiJson<PromptMessageResponse>(`/api/prompts/${enc(promptId)}/tags/production`, { method: 'PATCH' });
}

/** POST /api/prompts/groups/:id/use: counts one use (the "/" command, "Start a chat"). */
export function recordPromptUse(groupId: string): Promise<PromptUseResponse> {
  return apiJson<PromptUseResponse>(`/api/prompts/groups/${enc(groupId)}/use`, { method: 'POST' });
}

/** PUT /api/roles/:role/prompts (admins): the PROMPTS permissions of a role. */
export function updatePromptPermissions(
  role: string,
  updates: Partial<Record<'SHARED_GLOBAL' | 'USE' | 'CREATE', boolean>>,
): Promise<unknown> {
  return apiJson<unknown>(`/api/roles/${enc(role)}/prompts`, { method: 'PUT', json: updates });
}
