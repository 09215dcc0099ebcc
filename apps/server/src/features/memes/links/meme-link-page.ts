import type { PublicMemeLink } from './meme-links.repo.js';

/** A meme's media as the public page serves it: the file's extension by its type. */
const EXTENSION_BY_TYPE: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

export const mediaExtensionOf = (type: string): string | undefined => EXTENSION_BY_TYPE[type];

/** The paths under a link: the meme itself (`meme.<ext>`) and, for a video, its poster. */
export const MEME_LINK_MEDIA = {
  file: (linkId: string, type: string) => `/m/${encodeURIComponent(linkId)}/meme.${mediaExtensionOf(type) ?? 'bin'}`,
  poster: (linkId: string) => `/m/${encodeURIComponent(linkId)}/poster.jpg`,
} as const;

/** Everything a user wrote or an id reaches the HTML only through here. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Light and dark by the visitor's setting; the meme fits the screen on a phone and a desktop. */
const STYLE = `
:root{color-scheme:light dark;--bg:#f7f7f8;--card:#fff;--fg:#0d0d0d;--muted:#5d5d5d;--line:#e3e3e3}
@media (prefers-color-scheme:dark){:root{--bg:#0d0d0d;--card:#171717;--fg:#ececec;--muted:#b4b4b4;--line:#2f2f2f}}
*{box-sizing:border-box}
body{margin:0;min-height:100dvh;display:flex;flex-direction:column;align-items:center;gap:16px;padding:16px;
background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.column{width:100%;max-width:560px;display:flex;flex-direction:column;gap:16px}
header,footer{display:flex;justify-content:space-between;align-items:center}
header a{color:var(--fg);font-weight:600;text-decoration:none}
figure{margin:0;background:var(--card);border:1px solid var(--line);border-radius:16px;overflow:hidden}
figure img,figure video{display:block;width:100%;height:auto;background:#000}
figcaption{padding:12px 16px;color:var(--muted);font-size:15px;overflow-wrap:anywhere}
figcaption strong{display:block;color:var(--fg);font-size:13px;text-transform:uppercase;letter-spacing:.04em}
footer{color:var(--muted);font-size:13px}
a{color:inherit}
.missing{margin:auto;text-align:center;max-width:420px}
.missing h1{font-size:22px;margin:0 0 8px}
`;

function page(head: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
${head}
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/**
 * The public page of one meme (issue 39), for visitors and link-preview crawlers (which run no
 * scripts): the meme, its alt text under it, the product's name and Open Graph / Twitter tags with
 * absolute URLs. It names nothing but the link: no conversation, no owner, no file id.
 */
export function renderMemeLinkPage(input: { link: PublicMemeLink; origin: string; appTitle: string }): string {
  const { link, origin, appTitle } = input;
  const { file } = link;
  const isVideo = file.type.startsWith('video/');
  const title = `Meme \u00b7 ${appTitle}`;
  const mediaUrl = `${origin}${MEME_LINK_MEDIA.file(link.id, file.type)}`;
  const pageUrl = `${origin}/m/${encodeURIComponent(link.id)}`;
  const hasPoster = isVideo && file.thumbnail_key !== null;
  // A video's preview picture is its poster, whose size the file row does not keep: left unsaid.
  const picture = isVideo
    ? hasPoster
      ? { url: `${origin}${MEME_LINK_MEDIA.poster(link.id)}`, width: undefined, height: undefined }
      : undefined
    : { url: mediaUrl, width: file.width, height: file.height };
  const meta: [string, string | number | null | undefined][] = [
    ['og:type', isVideo ? 'video.other' : 'website'],
    ['og:site_name', appTitle],
    ['og:title', title],
    ['og:description', link.altText],
    ['og:url', pageUrl],
    ['og:image', picture?.url],
    ['og:image:width', picture?.width],
    ['og:image:height', picture?.height],
    ['og:image:alt', picture ? link.altText : undefined],
    ['og:video', isVideo ? mediaUrl : undefined],
    ['og:video:type', isVideo ? file.type : undefined],
    ['og:video:width', isVideo ? file.width : undefined],
    ['og:video:height', isVideo ? file.height : undefined],
  ];
  const twitter: [string, string][] = [
    ['twitter:card', 'summary_large_image'],
    ['twitter:title', title],
    ['twitter:description', link.altText],
    ...(picture ? ([['twitter:image', picture.url]] as [string, string][]) : []),
  ];
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(link.altText)}">`,
    `<link rel="canonical" href="${escapeHtml(pageUrl)}">`,
    ...meta.flatMap(([property, value]) =>
      value === undefined || value === null
        ? []
        : [`<meta property="${property}" content="${escapeHtml(String(value))}">`],
    ),
    ...twitter.map(([name, value]) => `<meta name="${name}" content="${escapeHtml(value)}">`),
  ].join('\n');
  const size = file.width && file.height ? ` width="${file.width}" height="${file.height}"` : '';
  // As wide as fits both the column and 78 % of the screen's height, so a tall meme is seen whole with its alt text below.
  const fit = file.width && file.height ? ` style="max-width:min(560px,calc(78dvh*${file.width}/${file.height}))"` : '';
  const media = isVideo
    ? `<video controls playsinline preload="metadata"${size}${hasPoster ? ` poster="${escapeHtml(MEME_LINK_MEDIA.poster(link.id))}"` : ''} aria-label="${escapeHtml(link.altText)}" src="${escapeHtml(MEME_LINK_MEDIA.file(link.id, file.type))}"></video>`
    : `<img src="${escapeHtml(MEME_LINK_MEDIA.file(link.id, file.type))}" alt="${escapeHtml(link.altText)}"${size}>`;
  const body = `<div class="column"${fit}>
<header><a href="/">${escapeHtml(appTitle)}</a></header>
<main>
<figure>
${media}
<figcaption><strong>Alt text</strong>${escapeHtml(link.altText)}</figcaption>
</figure>
</main>
<footer><span>A meme shared from <a href="/">${escapeHtml(appTitle)}</a></span></footer>
</div>`;
  return page(head, body);
}

/** What an unknown or revoked link answers (HTTP 404): a plain page that says so. */
export function renderMemeLinkNotFound(appTitle: string): string {
  return page(
    `<title>${escapeHtml(`Not found \u00b7 ${appTitle}`)}</title>`,
    `<main class="missing"><h1>This meme is not shared</h1><p>The link is wrong, or its owner stopped sharing it.</p><p><a href="/">${escapeHtml(appTitle)}</a></p></main>`,
  );
}
