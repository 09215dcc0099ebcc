// Placeholder: like and dislike of one meme slot, built by its own part of issue 21.
export function MemeReactionButtons(_props: {
  conversationId: string;
  messageId: string;
  toolCallId: string;
  shareId?: string | undefined;
}) {
  return null;
}
