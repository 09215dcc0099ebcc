import { MEME_PATHS, type MemeTemplate, type MemeTemplateCreateBody, type MemeTemplatesResponse } from '@confab/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { uploadFile } from '../../files/files-api';
import { readImageSize } from '../../files/read-image-size';

const TEMPLATES_KEY = ['memes', 'templates'] as const;

/** The path of the list, or of a search (by meaning where the server can: `mode=auto`). */
export function templatesPath(search: string): string {
  const phrase = search.trim();
  if (!phrase) return MEME_PATHS.templates;
  return `${MEME_PATHS.templates}?${new URLSearchParams({ search: phrase, mode: 'auto' })}`;
}

/**
 * The gallery, or the templates matching `search`. The builtin art changes only with a release
 * and custom templates only through this app (which refreshes the list), so answers are kept;
 * while a new search runs the previous results stay on screen.
 */
export function useMemeTemplates(isEnabled: boolean, search = '') {
  const phrase = search.trim();
  return useQuery({
    queryKey: [...TEMPLATES_KEY, phrase],
    queryFn: async ({ signal }) => (await apiJson<MemeTemplatesResponse>(templatesPath(phrase), { signal })).templates,
    enabled: isEnabled,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

const refreshTemplates = () => queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });

/** Default boxes of a picture made a template: the classic caption at the top and at the bottom. */
export const DEFAULT_TEMPLATE_BOXES: MemeTemplate['boxes'] = [
  { id: 'top', caption: '', x: 60, y: 80, w: 960, h: 300 },
  { id: 'bottom', caption: '', x: 60, y: 1540, w: 960, h: 300 },
];

/** The picture a template is made of: one just chosen (uploaded on saving), or a stored file of the user's. */
export type NewTemplatePicture =
  | { kind: 'upload'; file: File }
  /** `url` is the stored image's path (`/images/<userId>/<fileId>`), `name` a first name for the template. */
  | { kind: 'stored'; fileId: string; url: string; name: string };

export interface NewTemplate {
  picture: NewTemplatePicture;
  name: string;
  keywords: string[];
  isForEveryone: boolean;
  /** Drawn in the editor; absent, the classic top and bottom boxes. */
  boxes?: MemeTemplate['boxes'];
  layout?: MemeTemplate['layout'];
}

/** The picture's file id: a chosen picture goes up through the ordinary file upload first. */
async function storedFileId(picture: NewTemplatePicture): Promise<string> {
  if (picture.kind === 'stored') return picture.fileId;
  const size = await readImageSize(picture.file).catch(() => undefined);
  const record = await uploadFile(
    { file: picture.file, fileId: crypto.randomUUID(), endpoint: 'agents', ...(size ?? {}) },
    true,
  );
  return record.file_id;
}

/** Makes the picture a template (uploading it first when it is not stored yet). */
export function useAddTemplate() {
  return useMutation({
    mutationFn: async ({ picture, name, keywords, isForEveryone, boxes, layout }: NewTemplate) => {
      const body: MemeTemplateCreateBody = {
        fileId: await storedFileId(picture),
        name,
        keywords,
        boxes: boxes ?? DEFAULT_TEMPLATE_BOXES,
        ...(layout ? { layout } : {}),
        scope: isForEveryone ? 'global' : 'personal',
      };
      return apiJson<MemeTemplate>(MEME_PATHS.templates, { method: 'POST', json: body });
    },
    onSuccess: refreshTemplates,
  });
}

export function useDeleteTemplate() {
  return useMutation({
    mutationFn: (id: string) =>
      apiJson<{ id: string }>(`${MEME_PATHS.templates}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refreshTemplates,
  });
}
