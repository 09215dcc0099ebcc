import { useChatPreferences } from '../../settings/chat-preferences';
import { Markdown } from '../markdown/lazy-markdown';
import { PlainText } from '../markdown/plain-text';

/**
 * Longer user messages show as typed even with markdown on. Parsing costs ~3-5 ms per thousand
 * characters, paid again each time the row scrolls back into view: a pasted log of 100,000
 * characters would stall the page for half a second at a time, and such pastes are rarely
 * meant as markdown.
 */
export const USER_MARKDOWN_MAX_CHARS = 20_000;

/**
 * The text of the user's own message: markdown (line breaks kept as typed) or, with the General
 * tab's "Render user messages as markdown" off (or a very long message), exactly as typed.
 */
export function UserMessageText({ text }: { text: string }) {
  const asMarkdown = useChatPreferences((s) => s.enableUserMsgMarkdown);
  return asMarkdown && text.length <= USER_MARKDOWN_MAX_CHARS ? (
    <Markdown content={text} isUserText />
  ) : (
    <PlainText content={text} />
  );
}
