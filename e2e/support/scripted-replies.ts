/**
 * The browser tests' scripted replies live in the testkit (packages/testkit/src/scripted-replies.ts),
 * shared with `npm run demo`; the specs keep importing them from here.
 */
export {
  INVALID_MEME_CALL,
  LONG_CAPTION,
  MARKDOWN_REPLY,
  MEME_GRID_CALLS,
  MEME_ON_FILE_BOX,
  MEME_STYLED_CALL,
  MEME_VIDEO_CALL,
  MEME_GIF_CALL,
  PYTHON_RUN_FILES,
  PYTHON_RUN_OUTPUT,
  SCRIPTED_ARTIFACTS,
  SLOW_WORDS,
  TINY_BOX,
  scriptReply,
  WEB_SEARCH_ANSWER,
  WEB_SEARCH_QUERY,
} from '@confab/testkit';
