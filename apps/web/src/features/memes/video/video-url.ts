/**
 * The video a tool's output points at (SPEC 3, video tool output: an array of text items, one
 * holding the video URL). The output may be that array as JSON, or (an MCP video tool) plain text
 * with the URL in it. Only our own paths and http(s) URLs count; null is "No valid video URL
 * found in response".
 */
export function readVideoUrl(output: string | undefined): string | null {
  if (!output) return null;
  const texts: string[] = [];
  let isJson = true;
  try {
    const parsed: unknown = JSON.parse(output);
    const items = Array.isArray(parsed) ? parsed : [parsed];
    for (const item of items) {
      if (typeof item === 'string') texts.push(item);
      else if (item && typeof item === 'object' && typeof (item as { text?: unknown }).text === 'string')
        texts.push((item as { text: string }).text);
    }
  } catch {
    isJson = false;
    texts.push(output);
  }
  for (const text of texts) {
    const url = findVideoUrl(text, { isFileOnly: false });
    if (url) return url;
  }
  // JSON of another shape (`{"video_url": "https://.../clip.mp4"}`): only a video file's URL counts,
  // so a search tool's results that merely link to a video page do not become a video.
  return isJson ? findVideoUrl(output, { isFileOnly: true }) : null;
}

const OWN_VIDEO = /(^|\s)(\/api\/memes\/videos\/[A-Za-z0-9_-]+\.(?:mp4|gif|webp))(?=\s|$|[?#])/;
const REMOTE = /https?:\/\/[^\s"'<>)]+/g;
const VIDEO_EXT = /\.(mp4|webm|mov|m4v|ogv)(\?|#|$)/i;

function findVideoUrl(text: string, { isFileOnly }: { isFileOnly: boolean }): string | null {
  const own = OWN_VIDEO.exec(text.trim());
  if (own?.[2]) return own[2];
  for (const match of text.matchAll(REMOTE)) {
    try {
      const url = new URL(match[0]);
      if (VIDEO_EXT.test(url.pathname) || (!isFileOnly && /video/i.test(url.pathname))) return url.href;
    } catch {
      // not a URL after all
    }
  }
  return null;
}

/**
 * What a video URL holds, by its extension: our tool's GIF and WebP (issue 39) are animated
 * pictures an <img> plays; anything else is a video for the player.
 */
export function videoFormatOf(url: string): 'mp4' | 'gif' | 'webp' {
  const extension = /\.(gif|webp)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  return extension === 'gif' || extension === 'webp' ? extension : 'mp4';
}

/**
 * The poster of our own mp4 (issue 39: its first captioned moment, MEME_PATHS.videoPoster), for
 * the player to show before it plays; null for a GIF or WebP (shown at once) and another tool's video.
 */
export function videoPosterOf(url: string): string | null {
  const own = /^(\/api\/memes\/videos\/[A-Za-z0-9_-]+)\.mp4$/.exec(url);
  return own ? `${own[1]}.jpg` : null;
}
