/** Meme templates of people's own pictures (issue 39, migration 022); shapes as in schema.ts. */

export interface MemeTemplatesTable {
  /** `u-` + 22 random lower-case letters and digits (unguessable: the picture route is public). */
  id: string;
  /** The owner: they (or, for a global one, any administrator) delete it. */
  user_id: string;
  /** 'global' (every signed-in user sees it; administrators only) or 'personal' (its owner only). */
  scope: 'global' | 'personal';
  name: string;
  description: string;
  /** JSON array of lower-case words. */
  keywords: string;
  /** JSON array of caption boxes (CaptionBoxInput) in the 1080×1920 meme's pixels. */
  boxes: string;
  /** 'classic' or 'modern'; null for classic. */
  layout: string | null;
  /** The owner's stored image file (the row goes with it). */
  file_id: string;
  width: number;
  height: number;
  created_at: string;
}
