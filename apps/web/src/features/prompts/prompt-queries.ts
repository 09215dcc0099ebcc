import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../auth/use-auth';
import { useStartupConfig } from '../config/use-startup-config';
import { useRolePermissions } from '../roles/use-role-permissions';
import {
  fetchAllPromptGroups,
  fetchPromptCategories,
  fetchPromptGroup,
  fetchPromptGroups,
  fetchPromptVersions,
  type PromptGroup,
  type PromptGroupsFilter,
} from './prompts-api';

/**
 * Query keys of the prompts library. Everything sits under `['prompts']`, so one
 * `invalidateQueries({ queryKey: promptKeys.all })` after an edit refreshes the lists, the
 * "/" command's list and the open group alike.
 */
export const promptKeys = {
  all: ['prompts'] as const,
  allGroups: ['prompts', 'all'] as const,
  groupLists: ['prompts', 'groups'] as const,
  groupList: (filter: PromptGroupsFilter) => ['prompts', 'groups', filter] as const,
  group: (groupId: string) => ['prompts', 'group', groupId] as const,
  versions: (groupId: string) => ['prompts', 'versions', groupId] as const,
  categories: ['promptCategories'] as const,
};

export interface PromptPermissions {
  /** PROMPTS USE and interface.prompts: the library, the side-panel entry and the "/" command show. */
  canUse: boolean;
  /** PROMPTS CREATE: new groups, new versions and edits. */
  canCreate: boolean;
  /** PROMPTS SHARED_GLOBAL: a group can be shared with every user. */
  canShareGlobal: boolean;
  /** The instance project id whose presence in `projectIds` means "shared with everyone". */
  instanceProjectId: string;
  /** False while the role's permissions are being read. */
  isKnown: boolean;
  isAdmin: boolean;
}

/** SPEC 6: the PROMPTS permissions of the user's role. All false while the role is unknown. */
export function usePromptPermissions(): PromptPermissions {
  const { data: config } = useStartupConfig();
  const { permissions, isError, role } = useRolePermissions();
  const prompts = permissions?.PROMPTS;
  const canUse = config?.interface?.prompts !== false && (prompts?.USE ?? false);
  return {
    isKnown: !!config && (permissions !== undefined || isError),
    isAdmin: role === 'ADMIN',
    canUse,
    canCreate: canUse && (prompts?.CREATE ?? false),
    canShareGlobal: canUse && (prompts?.SHARED_GLOBAL ?? false),
    instanceProjectId: config?.instanceProjectId || 'instance',
  };
}

/** Every group the user may use (own and shared): the "/" command's source. */
export function useAllPromptGroups(isEnabled = true) {
  return useQuery({
    queryKey: promptKeys.allGroups,
    queryFn: ({ signal }) => fetchAllPromptGroups(signal),
    enabled: isEnabled,
    staleTime: 60_000,
  });
}

export function usePromptGroupsPage(filter: PromptGroupsFilter, isEnabled = true) {
  return useQuery({
    queryKey: promptKeys.groupList(filter),
    queryFn: ({ signal }) => fetchPromptGroups(filter, signal),
    enabled: isEnabled,
    // Keep the previous page on screen while the next one loads (no flash on paging or typing).
    placeholderData: (previous) => previous,
  });
}

export function usePromptGroup(groupId: string | undefined) {
  return useQuery({
    queryKey: promptKeys.group(groupId ?? ''),
    queryFn: ({ signal }) => fetchPromptGroup(groupId ?? '', signal),
    enabled: !!groupId,
  });
}

export function usePromptVersions(groupId: string | undefined) {
  return useQuery({
    queryKey: promptKeys.versions(groupId ?? ''),
    queryFn: ({ signal }) => fetchPromptVersions(groupId ?? '', signal),
    enabled: !!groupId,
  });
}

export function usePromptCategories(isEnabled = true) {
  return useQuery({
    queryKey: promptKeys.categories,
    queryFn: ({ signal }) => fetchPromptCategories(signal),
    enabled: isEnabled,
    staleTime: 10 * 60_000,
  });
}

/** Whether the signed-in user wrote the group (else it reached them by sharing). */
export function useIsPromptAuthor(group: PromptGroup | undefined): boolean {
  const { user } = useAuth();
  return !!group && !!user && (group.author === user.id || group.author === user._id);
}
