/** The part of an mdast node our remark plugins read and change (they rewrite types and children). */
export interface MdastNode {
  type: string;
  value?: string;
  children?: MdastNode[];
}
