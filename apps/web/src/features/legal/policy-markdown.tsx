import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';

/**
 * A policy text as markdown (GFM, no raw HTML). The default export lets the terms modal load it
 * with `lazy` only when it opens, so the signed-in shell does not carry a markdown parser.
 */
export default function PolicyMarkdown({ text }: { text: string }) {
  return <Markdown remarkPlugins={[remarkGfm]}>{text}</Markdown>;
}
