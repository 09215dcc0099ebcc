import { z } from 'zod';

/**
 * Saved prompts (SPEC 7 Prompts; issue 36): a prompt group holds versioned prompts, one of them
 * marked production. Field names and answer shapes are LibreChat's, so its data service reads
 * them unchanged.
 */

/** SPEC 9: the prompts list shows 10 groups a page. */
export const PROMPT_GROUPS_PAGE_SIZE = 10;
/** SPEC 5: a slash command is at most 56 characters. */
export const PROMPT_COMMAND_MAX_LENGTH = 56;
export const PROMPT_NAME_MAX_LENGTH = 100;
export const PROMPT_ONELINER_MAX_LENGTH = 300;
export const PROMPT_TEXT_MAX_LENGTH = 100_000;
export const PROMPT_LABEL_MAX_LENGTH = 50;
export const PROMPT_LABELS_MAX = 20;
export const PROMPT_CATEGORY_MAX_LENGTH = 64;

/** LibreChat's SystemCategories: filter values that are not a stored category. */
export const PROMPT_SYSTEM_CATEGORIES = {
  ALL: 'sys__all__sys',
  MY_PROMPTS: 'sys__my__prompts__sys',
  NO_CATEGORY: 'sys__no__category__sys',
  SHARED_PROMPTS: 'sys__shared__prompts__sys',
} as const;

export const PROMPT_TYPES = ['text', 'chat'] as const;
export type PromptType = (typeof PROMPT_TYPES)[number];

/** One version of a prompt (LibreChat's TPrompt, plus its labels). */
export interface PromptVersion {
  _id: string;
  groupId: string;
  author: string;
  prompt: string;
  type: PromptType;
  labels: string[];
  createdAt: string;
  updatedAt: string;
}

/** A prompt group (LibreChat's TPromptGroup). `projectIds` holds the instance project when shared. */
export interface PromptGroup {
  _id: string;
  name: string;
  numberOfGenerations: number;
  command?: string;
  oneliner: string;
  category: string;
  projectIds: string[];
  productionId: string | null;
  productionPrompt: { prompt: string } | null;
  author: string;
  authorName: string;
  /** Whether users other than the author may add versions (Confab's; LibreChat's `isCollaborative`). */
  isCollaborative?: boolean;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/prompts/groups (LibreChat's PromptGroupListResponse). */
export interface PromptGroupListResponse {
  promptGroups: PromptGroup[];
  pageNumber: string;
  pageSize: string;
  pages: string;
}

/** GET /api/categories (LibreChat's TGetCategoriesResponse). */
export type PromptCategory = { label: string; value: string };

/** A slash command: lowercase letters, digits and dashes (SPEC 5: at most 56). */
export const promptCommandSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(PROMPT_COMMAND_MAX_LENGTH, `command must be at most ${PROMPT_COMMAND_MAX_LENGTH} characters`)
  .regex(/^[a-z0-9-]*$/, 'command may contain only letters, digits and dashes');

/** LibreChat's default prompt categories (its categories route): the web localizes by `value`. */
export const DEFAULT_PROMPT_CATEGORIES: readonly PromptCategory[] = [
  { label: 'com_ui_idea', value: 'idea' },
  { label: 'com_ui_travel', value: 'travel' },
  { label: 'com_ui_teach_or_explain', value: 'teach_or_explain' },
  { label: 'com_ui_write', value: 'write' },
  { label: 'com_ui_shop', value: 'shop' },
  { label: 'com_ui_code', value: 'code' },
  { label: 'com_ui_misc', value: 'misc' },
  { label: 'com_ui_roleplay', value: 'roleplay' },
  { label: 'com_ui_finance', value: 'finance' },
];

const promptText = z
  .string({ error: 'prompt is required' })
  .max(PROMPT_TEXT_MAX_LENGTH, `prompt must be at most ${PROMPT_TEXT_MAX_LENGTH} characters`)
  .refine((text) => text.trim().length > 0, 'prompt is required');
const groupName = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(PROMPT_NAME_MAX_LENGTH, `name must be at most ${PROMPT_NAME_MAX_LENGTH} characters`);
const oneliner = z.string().trim().max(PROMPT_ONELINER_MAX_LENGTH, `oneliner must be at most ${PROMPT_ONELINER_MAX_LENGTH} characters`);
const category = z.string().trim().max(PROMPT_CATEGORY_MAX_LENGTH, `category must be at most ${PROMPT_CATEGORY_MAX_LENGTH} characters`);
/** An empty command (or null) means none. */
const optionalCommand = promptCommandSchema.nullish().transform((c) => (c ? c : null));
const projectIds = z.array(z.string().max(100)).max(100);

/**
 * POST /api/prompts (LibreChat's TCreatePrompt): with `group` a new group and its first version
 * (made production); without it, `prompt.groupId` names the group a new version is added to.
 * Unknown keys (author, productionId…) are dropped, never stored.
 */
export const createPromptSchema = z
  .object({
    prompt: z.object({
      prompt: promptText,
      type: z.enum(PROMPT_TYPES, { error: 'type must be "text" or "chat"' }).default('text'),
      groupId: z.string().max(100).optional(),
    }),
    group: z
      .object({
        name: groupName,
        category: category.optional(),
        oneliner: oneliner.optional(),
        command: optionalCommand.optional(),
      })
      .optional(),
  })
  .refine((v) => v.group !== undefined || v.prompt.groupId !== undefined, {
    path: ['group', 'name'],
    message: 'A prompt needs a group name, or the groupId of the group it is a new version of',
  });
export type CreatePromptInput = z.output<typeof createPromptSchema>;

/**
 * PATCH /api/prompts/groups/:id (LibreChat's TUpdatePromptGroupPayload). `projectIds` adds and
 * `removeProjectIds` removes the instance project, sharing the group with everyone or not.
 */
export const updatePromptGroupSchema = z.object({
  name: groupName.optional(),
  category: category.optional(),
  oneliner: oneliner.optional(),
  command: optionalCommand.optional(),
  projectIds: projectIds.optional(),
  removeProjectIds: projectIds.optional(),
  isCollaborative: z.boolean().optional(),
});
export type UpdatePromptGroupInput = z.output<typeof updatePromptGroupSchema>;

/** PATCH /api/prompts/:id/labels: the version's labels, trimmed, blanks and repeats dropped. */
export const updatePromptLabelsSchema = z.object({
  labels: z
    .array(z.string().trim().max(PROMPT_LABEL_MAX_LENGTH, `a label must be at most ${PROMPT_LABEL_MAX_LENGTH} characters`))
    .max(PROMPT_LABELS_MAX, `at most ${PROMPT_LABELS_MAX} labels`)
    .transform((labels) => [...new Set(labels.filter((l) => l.length > 0))]),
});
export type UpdatePromptLabelsInput = z.output<typeof updatePromptLabelsSchema>;

/**
 * GET /api/prompts/groups and /all (LibreChat's TPromptGroupsWithFilterRequest). `category` may
 * be a stored category or one of PROMPT_SYSTEM_CATEGORIES; `name` matches part of the name.
 */
export const listPromptGroupsQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(PROMPT_GROUPS_PAGE_SIZE),
  name: z.string().trim().max(PROMPT_NAME_MAX_LENGTH).optional(),
  category: z.string().trim().max(PROMPT_CATEGORY_MAX_LENGTH).optional(),
});
export type ListPromptGroupsQuery = z.output<typeof listPromptGroupsQuerySchema>;

/** GET /api/prompts/random (LibreChat's TGetRandomPromptsRequest). */
export const randomPromptsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(4),
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** POST /api/prompts (LibreChat's TCreatePromptResponse; the group is always given). */
export interface CreatePromptResponse {
  prompt: PromptVersion;
  group: PromptGroup;
}

/** DELETE /api/prompts/:id (LibreChat's TDeletePromptResponse): `promptGroup` when it was the last version. */
export interface DeletePromptResponse {
  prompt: string;
  promptGroup?: { message: string; id: string };
}

/** The answer of labels, production and group deletion (LibreChat's `{ message }`). */
export interface PromptMessageResponse {
  message: string;
}

/** GET /api/prompts/random (LibreChat's TGetRandomPromptsResponse). */
export interface RandomPromptsResponse {
  prompts: PromptGroup[];
}

/** POST /api/prompts/groups/:id/use: the group's count of uses after this one. */
export interface PromptUseResponse {
  numberOfGenerations: number;
}
