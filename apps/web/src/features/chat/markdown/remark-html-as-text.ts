import type { MdastNode } from './mdast-node';

/**
 * A remark plugin for people's own text: HTML they typed (`<img ...>`, `<b>`) is shown as the
 * characters they typed. Model output drops HTML instead (`skipHtml`); a user's message must not
 * silently lose what they wrote. Nothing here is ever rendered as HTML.
 */
export function remarkHtmlAsText() {
  return (tree: MdastNode) => {
    const walk = (node: MdastNode) => {
      if (node.type === 'html') node.type = 'text';
      node.children?.forEach(walk);
    };
    walk(tree);
  };
}
