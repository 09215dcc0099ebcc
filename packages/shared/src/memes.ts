import { z } from 'zod';
import { findMemeSticker, MEME_STICKERS } from './meme-stickers.js';

/**
 * Memes (SPEC 1, 3, 5, 7, 8, 9): the caption box, the two tools' arguments and outputs, the
 * constants, and the reactions. The caption layout itself (fitting, wrapping, drawing) is in
 * meme-layout.ts, shared by the browser canvas and the server renderer so both draw alike.
 */

/** SPEC 9: the default (and download) size of a meme image: 1080 wide by 1920 high. */
export const MEME_IMAGE = { width: 1080, height: 1920 } as const;

/**
 * SPEC 5: caption text shrinks from 50 down to 10 in steps of 2 until it fits its box. The sizes
 * are those of the meme as a phone shows it (540 px wide); on the 1080-wide meme each unit is
 * `pxPerUnit` pixels, so a full-size caption is 100 px — a meme's size (about a tenth of the
 * width), where 50 px on 1080 was too small to read once the meme shrank into a grid slot.
 */
export const CAPTION_FONT = {
  maxSize: 50,
  minSize: 10,
  step: 2,
  lineHeight: 1.2,
  pxPerUnit: MEME_IMAGE.width / 540,
} as const;

/** SPEC 9 and the meme UI's timings and sizes. */
export const MEME_UI = {
  /** The message canvas redraws at most this often while the arguments stream. */
  canvasRedrawMs: 500,
  /** A video in the chat is at most this tall. */
  videoMaxHeightPx: 300,
  /** A reply's meme grid has this many slots, shown in 1, 2 or 4 columns by breakpoint. */
  toolGridSlots: 4,
  /** The tool's name on each slot hides this long after the reply finishes. */
  toolNameHideMs: 500,
  /** The canvas drawn when an image fails to load ("Failed to load image"). */
  failedCanvas: { width: 400, height: 300 },
  /**
   * Captions in a grid slot (a meme shown about 170-330 CSS px wide): never smaller than
   * `minCssPx` there, and at most `maxLines` lines, the rest cut with an ellipsis. The expanded
   * view, the download and the server's render keep SPEC 5's full layout.
   */
  slotCaption: { minCssPx: 10, maxLines: 3 },
} as const;

/** Download names: images are `meme-<timestamp>.jpg`, videos `<prefix><timestamp>.mp4`. */
export const MEME_DOWNLOAD = { imagePrefix: 'meme-', videoPrefix: 'confab-video-' } as const;

/** A file-name-safe timestamp: 2026-11-24T12-30-05-123Z. */
export function downloadTimestamp(date: Date = new Date()): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

export const memeImageFileName = (date?: Date): string => `${MEME_DOWNLOAD.imagePrefix}${downloadTimestamp(date)}.jpg`;
export const memeVideoFileName = (date?: Date): string => `${MEME_DOWNLOAD.videoPrefix}${downloadTimestamp(date)}.mp4`;

/** The built-in tools' names (the model calls these). */
export const MEME_TOOLS = {
  image: 'create_meme_image',
  video: 'create_meme_video',
  generateImage: 'generate_meme_background',
  /** Issue 39: the template library's search (words, or meaning with an embedding model). */
  searchTemplates: 'search_meme_templates',
} as const;

/** The built-in "Meme maker" agent: not a stored row, offered to every user the config allows. */
export const MEME_AGENT_ID = 'agent_meme_maker';
/** Its picture, a file of the web app (apps/web/public): LibreChat's `avatar.filepath`. */
export const MEME_AGENT_AVATAR = '/agents/meme-maker.svg';
/** Who "made" a built-in agent, in LibreChat's `author` field: no user, so nobody edits or deletes it. */
export const BUILT_IN_AGENT_AUTHOR = 'system';

/** A CSS color a caption may use: a name, #hex, rgb()/rgba()/hsl()/hsla(). Nothing that could load anything. */
const cssColor = z
  .string()
  .trim()
  .max(64)
  .regex(/^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,30}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/deg]{3,50}\))$/, 'not a color');

const coordinate = z.number().finite().min(-10_000).max(10_000);

/**
 * Issue 39: the caption typefaces a box may choose. Each is a font shipped as an npm package and
 * drawn alike by the browser and the server; scripts it lacks fall back to the Noto families of
 * MEME_FONTS, so every UI language's script is covered whichever is chosen.
 */
export const MEME_FONT_CHOICES = ['impact', 'condensed', 'comic', 'marker', 'sans', 'serif'] as const;
export type MemeFontChoice = (typeof MEME_FONT_CHOICES)[number];

/** Issue 39: the classic layout (captions over the picture) or the modern one (a white caption bar above it). */
export const MEME_LAYOUTS = ['classic', 'modern'] as const;
export type MemeLayout = (typeof MEME_LAYOUTS)[number];

/**
 * SPEC 3, Meme caption box: in the pixels of the 1080×1920 meme (x, y its top-left corner),
 * rotated by `rotation` degrees about its centre.
 */
export const captionBoxSchema = z.object({
  id: z.union([z.string().max(64), z.number()]).transform(String),
  caption: z.string().max(2000),
  x: coordinate,
  y: coordinate,
  w: z.number().finite().positive().max(10_000),
  h: z.number().finite().positive().max(10_000),
  /** Absent, the layout's default (captionStyle in meme-style.ts): white, or black in the modern bar. */
  fontColor: cssColor.optional(),
  /** Absent, the layout's default: black, or none in the modern bar. */
  outlineColor: cssColor.optional(),
  rotation: z.number().finite().min(-3600).max(3600).default(0),
  /** Issue 39: the caption's typeface (MEME_FONT_CHOICES); absent, the classic meme font. */
  font: z.enum(MEME_FONT_CHOICES).optional(),
  /** The outline's width in the meme's pixels (0: none); absent, it follows the font size. */
  outlineWidth: z.number().finite().min(0).max(60).optional(),
  align: z.enum(['left', 'center', 'right']).optional(),
  /** Drawn in capitals (the text itself is kept as written). */
  uppercase: z.boolean().optional(),
  /** A sticker (MEME_STICKERS id) drawn to fill the box instead of text. */
  sticker: z
    .string()
    .max(64)
    .regex(/^[a-z0-9-]+$/)
    .refine((id) => findMemeSticker(id) !== undefined, {
      message: `not a sticker (one of ${MEME_STICKERS.map((s) => s.id).join(', ')})`,
    })
    .optional(),
  /** In an animated meme or a clip: when the caption appears and leaves, in seconds from the scene's start. */
  start: z.number().finite().min(0).max(600).optional(),
  end: z.number().finite().min(0).max(600).optional(),
});
export type CaptionBox = z.infer<typeof captionBoxSchema>;
export type CaptionBoxInput = z.input<typeof captionBoxSchema>;

export const MEME_CAPTIONS_MAX = 12;

/**
 * SPEC 3, Image tool args. `imageUrlString` is one of:
 * - a gallery template: `template:<id>` (or its path, `/api/memes/templates/<id>.png`);
 * - an image the user attached in the conversation: its `file_id` (`file:<file_id>`) or its path
 *   `/images/<userId>/<file_id>`;
 * - an image a `generate_meme_background` call made (its path, as above);
 * - a remote `https://` URL, fetched by the server through the egress guard.
 */
export const memeImageArgsSchema = z.object({
  imageUrlString: z.string().trim().min(1).max(4096),
  language: z.string().trim().max(35).default('en'),
  captionsBoxes: z.array(captionBoxSchema).max(MEME_CAPTIONS_MAX).default([]),
  /** Issue 39: classic (default) or modern, a white bar of `barHeight` px above the picture. */
  layout: z.enum(MEME_LAYOUTS).optional(),
  barHeight: z.number().finite().min(0).max(1600).optional(),
  /** What the picture shows, for the alt text (a template's own description is used when absent). */
  description: z.string().trim().max(1000).optional(),
});
export type MemeImageArgs = z.infer<typeof memeImageArgsSchema>;

/** Longest video the renderer makes, in seconds, and the default length of one scene. */
export const MEME_VIDEO = {
  maxSeconds: 30,
  defaultSceneSeconds: 5,
  maxScenes: 6,
  /** Encoded size (H.264, at most 1080×1920): 720×1280 keeps a 5 s render well under 3 s. */
  width: 720,
  height: 1280,
  fps: 25,
} as const;

/** Issue 39: what a meme video is encoded as. */
export const MEME_VIDEO_FORMATS = ['mp4', 'gif', 'webp'] as const;
export type MemeVideoFormat = (typeof MEME_VIDEO_FORMATS)[number];

/** Issue 39: the limits of a clip the user brings (a short video or GIF) and of what is made from it. */
export const MEME_CLIP = {
  /** The longest input clip accepted, in seconds (after nothing is trimmed: a longer one is refused, not cut). */
  maxInputSeconds: 60,
  /** The largest input file accepted, in bytes. */
  maxInputBytes: 50 * 1024 * 1024,
  /** GIF and WebP are heavy: their width and frame rate are capped lower than mp4's. */
  animatedMaxWidth: 720,
  animatedMaxFps: 15,
  maxFps: 30,
  minWidth: 120,
} as const;

/**
 * One scene of a video: a captioned picture (its captions appear one after another, with a slow
 * pan and zoom, unless they carry start/end times), or, issue 39, a clip the user attached (a
 * video or GIF named as `file:<file_id>`), cut from `trimStart` for `duration` seconds.
 */
export const memeVideoSceneSchema = memeImageArgsSchema.omit({ language: true }).extend({
  seconds: z.number().finite().min(1).max(MEME_VIDEO.maxSeconds).default(MEME_VIDEO.defaultSceneSeconds),
  trimStart: z.number().finite().min(0).max(3600).optional(),
  duration: z.number().finite().min(0.5).max(MEME_VIDEO.maxSeconds).optional(),
});

export const memeVideoArgsSchema = z.object({
  language: z.string().trim().max(35).default('en'),
  scenes: z.array(memeVideoSceneSchema).min(1).max(MEME_VIDEO.maxScenes),
  /** Issue 39: mp4 (H.264, the default), an animated GIF or an animated WebP. */
  format: z.enum(MEME_VIDEO_FORMATS).optional(),
  /** The output width in px (even; the height follows 9:16), capped per format. */
  width: z.number().int().min(MEME_CLIP.minWidth).max(MEME_IMAGE.width).optional(),
  fps: z.number().int().min(1).max(MEME_CLIP.maxFps).optional(),
});
export type MemeVideoArgs = z.infer<typeof memeVideoArgsSchema>;

/** Where the server serves what the tools made. */
export const MEME_PATHS = {
  templates: '/api/memes/templates',
  template: (id: string) => `/api/memes/templates/${encodeURIComponent(id)}.png`,
  /** A rendered meme video: a plain GET, for the owner (bearer token) or through a share (`?shareId=`). */
  video: (fileId: string, format: MemeVideoFormat = 'mp4') =>
    `/api/memes/videos/${encodeURIComponent(fileId)}.${format}`,
  /** Issue 39: an mp4's poster (a JPEG of its first captioned moment), under the same rule as the video. */
  videoPoster: (fileId: string) => `/api/memes/videos/${encodeURIComponent(fileId)}.jpg`,
  reactions: '/api/memes/reactions',
  /** Issue 39: POST, a meme made or changed in the editor (MemeEditBody → MemeEditResponse). */
  edits: '/api/memes/edits',
  /** Issue 39: POST {fileId} → MemeLink; GET ?fileId= → {links}; DELETE /:id revokes. */
  links: '/api/memes/links',
  /** Issue 39: the public page of one meme (server-rendered, Open Graph) and its media, signed out. */
  publicPage: (linkId: string) => `/m/${encodeURIComponent(linkId)}`,
  /** Issue 39: the stickers a caption box may hold (public, the project's own art). */
  sticker: (id: string) => `/api/memes/stickers/${encodeURIComponent(id)}.png`,
} as const;

/** Issue 39: whose a template is: the project's own art, an administrator's for everyone, or one user's. */
export const MEME_TEMPLATE_SCOPES = ['builtin', 'global', 'personal'] as const;
export type MemeTemplateScope = (typeof MEME_TEMPLATE_SCOPES)[number];

/** A gallery template (GET /api/memes/templates): original artwork with suggested caption boxes. */
export interface MemeTemplate {
  id: string;
  name: string;
  /** What the picture shows and how the meme format is used, for the model and the gallery. */
  description: string;
  /** Its image: `MEME_PATHS.template(id)`, 1080×1920. */
  url: string;
  width: number;
  height: number;
  boxes: CaptionBoxInput[];
  /** Issue 39: words it is found by. */
  keywords?: string[];
  /** Issue 39: absent means builtin. */
  scope?: MemeTemplateScope;
  /** Issue 39: the layout its boxes are drawn for (absent: classic). */
  layout?: MemeLayout;
}

/**
 * The output text of `create_meme_image` (JSON, what the model reads and the message parses):
 * where the rendered JPEG and the source picture are, and the captions that could not fit.
 */
export interface MemeImageOutput {
  status: 'ok';
  /** The rendered meme, `/images/<userId>/<file_id>` (a stored JPEG). */
  image_url: string;
  file_id: string;
  /** The picture under the captions, as stored: the browser draws from it (a remote URL is never loaded by the browser). */
  source_url: string;
  width: number;
  height: number;
  /** Ids of the caption boxes whose text does not fit even at the smallest size. */
  overflow: string[];
  /** Issue 39: the meme's alt text (the picture's description and its captions), also in the JPEG's metadata. */
  alt_text?: string;
}

/**
 * The output of `create_meme_video`, SPEC 3: an array of text items, the first holding the video
 * URL; issue 39, then its alt text (`Alt text: …`, MEME_VIDEO_ALT_PREFIX), made where the
 * templates' descriptions are known, as the image tool's `alt_text` is.
 */
export type MemeVideoOutput = [{ type: 'text'; text: string }, { type: 'text'; text: string }?];

/** What starts the alt text's item in a video tool's output. */
export const MEME_VIDEO_ALT_PREFIX = 'Alt text: ';

/** Reactions on a meme slot: per user, message and tool call; toggled. */
export const MEME_REACTIONS = ['like', 'dislike'] as const;
export type MemeReaction = (typeof MEME_REACTIONS)[number];

/** PUT /api/memes/reactions: sending the reaction one already has takes it back. */
export const memeReactionBodySchema = z
  .object({
    messageId: z.string().min(1).max(256),
    toolCallId: z.string().min(1).max(256),
    reaction: z.enum(MEME_REACTIONS),
  })
  .strict();
export type MemeReactionBody = z.infer<typeof memeReactionBodySchema>;

/** One slot's reactions: counts for everyone, and the caller's own (absent on a shared page). */
export interface MemeReactionState {
  likes: number;
  dislikes: number;
  mine?: MemeReaction | null;
}

/** GET /api/memes/reactions?conversationId= (and GET /api/share/:shareId/meme-reactions): by message id, then tool call id. */
export interface MemeReactionsResponse {
  reactions: Record<string, Record<string, MemeReactionState>>;
}

/** SPEC 7, Analytics: the events the product sends (POST /api/events and the web analytics service). */
export const ANALYTICS_EVENTS = [
  'sign_in',
  'chat_created',
  'questions_answered',
  'regenerate_pressed',
  'edits_submitted',
  'meme_downloaded',
  'meme_liked',
  'meme_disliked',
  'meme_expanded',
  'chat_shared',
  'chat_deleted',
  'paywall_shown',
  'paywall_dismissed',
  'paywall_subscribe_clicked',
  'subscribe_success',
  'privacy_clicked',
  'terms_clicked',
  'manage_sub_clicked',
  'settings_subscribe_clicked',
  'transaction_hist_clicked',
  'manage_button_clicked',
  'subscription_incomplete_shown',
] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

const eventValue = z.union([z.string().max(256), z.number().finite(), z.boolean(), z.null()]);

const eventMetadataSchema = z
  .record(z.string().max(64), eventValue)
  .refine((p) => Object.keys(p).length <= 20, 'at most 20 metadata fields')
  .default({});

/**
 * POST /api/events, SPEC 7's beacon: `{type, chatId, metadata}`. `chatId` is the conversation the
 * event is about (a deleted chat's too, so it is an id, not a reference); `metadata` holds a few
 * flat fields (meme_expanded carries is_expanded or from).
 */
export const analyticsEventBodySchema = z
  .object({
    type: z.enum(ANALYTICS_EVENTS),
    chatId: z
      .string()
      .max(64)
      .regex(/^[\w-]+$/, 'a conversation id')
      .nullish(),
    metadata: eventMetadataSchema,
  })
  .strict();
export type AnalyticsEventBody = z.infer<typeof analyticsEventBodySchema>;

/** SPEC 1/2: the audience whose landing line differs (configured as `audience: video`). */
export const VIDEO_AUDIENCE = 'video';
