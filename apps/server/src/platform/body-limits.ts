/**
 * Request bodies that may carry message text (chat sends, artifact edits, token counts) may be
 * this large: MAX_MESSAGE_TEXT characters take up to four bytes each in UTF-8, more with JSON
 * escapes. The text itself is bounded by MAX_MESSAGE_TEXT in the schemas.
 */
export const TEXT_BODY_LIMIT = 8 * 1024 * 1024;
