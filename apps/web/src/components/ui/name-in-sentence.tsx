/**
 * `<Trans>` components for something the user named (a title, a bookmark) inside a sentence: bold,
 * wrapped when long, and bidi-isolated, so that right-to-left text or a stray direction override in
 * the name cannot reorder the words around it.
 */
export const NAME_IN_SENTENCE = {
  strong: <strong className="font-semibold break-words text-fg [unicode-bidi:isolate]" />,
};
