/**
 * Markdown reduced to what a voice should say: code blocks, images, HTML tags, link targets,
 * emphasis markers, headings' hashes, list bullets, tables' pipes and citations go; the words stay.
 *
 * @example speakableText('**Hi** [docs](https://x.y)') // 'Hi docs'
 */
export function speakableText(markdown: string): string {
  return (
    markdown
      .replace(/\r\n?/g, '\n')
      // Fenced code (closed or still open at the end) is not read out.
      .replace(/^[ \t]*(```|~~~)[^\n]*\n[\s\S]*?(?:^[ \t]*\1[ \t]*$|(?![\s\S]))/gm, ' ')
      .replace(/\\\[[\s\S]*?\\\]|\$\$[\s\S]*?\$\$/g, ' ')
      .replace(/`([^`\n]+)`/g, '$1')
      .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
      .replace(/<\/?[a-zA-Z][^>]*>/g, ' ')
      // Citation markers such as \ue202turn0search1.
      .replace(/[\ue200-\ue2ff]\w*/g, ' ')
      .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
      .replace(/^[ \t]*>[ \t]?/gm, '')
      .replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/gm, '')
      .replace(/^[ \t]*(?:[-*_][ \t]*){3,}$/gm, ' ')
      .replace(/^[ \t]*\|?[ \t:|-]+\|[ \t:|-]*$/gm, ' ')
      .replace(/\|/g, ' ')
      .replace(/(\*\*|__)(.+?)\1/g, '$2')
      .replace(/(^|[^\w*])[*_](\S(?:[^*_\n]*\S)?)[*_](?=[^\w*]|$)/g, '$1$2')
      .replace(/~~(.+?)~~/g, '$1')
      .replace(/https?:\/\/\S+/g, ' ')
      .replace(/[ \t]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\n{2,}/g, '\n')
      .trim()
  );
}
