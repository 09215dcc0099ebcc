import { scriptReply, type ChatCompletionRequest, type ScriptedReply } from '@confab/testkit';
import { replyWithDemoMemes } from './demo-memes.js';

/** The demo endpoint's name, as the model selector shows it: nobody mistakes it for a model. */
export const DEMO_ENDPOINT_NAME = 'Demo (simulated)';
export const DEMO_MODELS = ['demo-model', 'demo-model-thinking'] as const;

/**
 * What a message without a marker gets back: how to make the simulator show each screen.
 * The markers are the browser tests' own (packages/testkit/src/scripted-replies.ts).
 */
export const DEMO_HELP = [
  "This is Confab's **demo**: no model runs here and no key is needed. Every reply comes from a",
  'simulator, scripted by markers you put in your message:',
  '',
  '- `[[think]]` reasoning first, then the answer',
  '- `[[markdown]]` a table, a code block and math',
  '- `[[slow]]` a long reply streamed word by word (try Stop)',
  '- `[[length]]` a reply cut by the token limit (Continue is offered)',
  '- `[[error:rate_limit]]` the provider fails; also `invalid_api_key`, `insufficient_quota`,',
  '  `context_length_exceeded`, `content_filter`, `server_error`',
  '- `[[tool:NAME]]` in an agent built on this endpoint, calls its tool whose name starts with NAME',
  '',
  'Memes: choose the **Meme maker** agent in the model menu. A starter card or any message makes a',
  'meme about it ("4 options" makes four, "video" a video); `[[memes]]` makes the four test memes,',
  '`[[meme-video]]` a video and `[[meme-invalid]]` a meme that fails.',
  '',
  'Anything else brings this help back.',
].join('\n');

/** A marker of the scripted replies (`[[think]]`, `[[memes]]`…): the simulator's script decides. */
const MARKER = /\[\[[\w:-]+\]\]/;

/**
 * The demo's responder: the scripted markers; the Meme maker's plain requests (its starters)
 * answered with memes; and the help above instead of an echo.
 */
export function replyAsDemo(request: ChatCompletionRequest): ScriptedReply {
  const lastUser = [...request.messages].reverse().find((m) => m.role === 'user');
  const text =
    typeof lastUser?.content === 'string'
      ? lastUser.content
      : (lastUser?.content ?? []).map((p) => p.text ?? '').join('');
  const isTitle = request.messages.some(
    (m) => m.role === 'system' && JSON.stringify(m.content).includes('short title'),
  );
  const memes = MARKER.test(text) || isTitle ? undefined : replyWithDemoMemes(request);
  return memes ?? scriptReply(request, { fallback: () => ({ text: DEMO_HELP, chunkSize: 12, delayMs: 15 }) });
}
