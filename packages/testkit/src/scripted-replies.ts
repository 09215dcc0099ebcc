import type { ChatCompletionRequest, ScriptedReply } from './openai-types.js';
import { artifactReply } from './scripted-artifacts.js';

/**
 * How the browser tests and `npm run demo` script the OpenAI simulator: markers in the user's
 * message pick the reply. Without a marker the reply echoes the message quickly.
 *
 * - `[[slow]]`      60 numbered words, 80 ms apart (stop, reload-mid-stream tests)
 * - `[[slower]]`    the same words, 200 ms apart: still streaming after a page reload on a busy machine
 * - `[[error:KIND]]` the real OpenAI error for KIND (invalid_api_key, insufficient_quota, rate_limit,
 *                   context_length_exceeded, content_filter, server_error)
 * - `[[markdown]]`  a reply with a table, a code block and math
 * - `[[artifact:KIND]]` a reply writing one artifact (scripted-artifacts.ts: html, html-v2 (the same
 *                   identifier again), svg, mermaid, react (shadcn/ui), react-broken); `[[artifact-slow:KIND]]`
 *                   writes it over 3-6 s (a preview watched while it streams)
 * - `[[run-python]]` a reply with a Python block to Run (PYTHON_RUN_REPLY): numpy and pandas print a sum,
 *                   matplotlib saves a figure, pandas writes a CSV
 * - `[[execute-code]]` calls `execute_code` with the same Python (PYTHON_RUN_CODE), its arguments in
 *                   pieces; once the result is back, a closing line over about 3 s (EXECUTE_CODE_CLOSING),
 *                   so the run's figure is seen arriving while the reply still streams
 * - `[[think]]`     reasoning first, then the answer
 * - `[[length]]`    a reply cut by the token limit (finish_reason "length": Continue is offered)
 * - `[[files]]`     says what reached the model of the message's files: how many images, which documents
 * - `[[recall]]`    names the model that answers and the user's earlier messages it received
 *                   (modular chat: a conversation continued on another model keeps its history)
 * - `[[web-search]]` calls `web_search` with WEB_SEARCH_QUERY; once the result is back, answers
 *                   WEB_SEARCH_ANSWER, which cites [1] and [2]
 * - `[[tool:NAME]]` calls the declared tool whose name starts with NAME (an agent's MCP tool is
 *                   `{tool}_mcp_{server}`) with `{ text: 'hello' }`; once the tool's result is
 *                   back, answers with it
 * - `[[memes]]`     calls `create_meme_image` 4 times in one step (MEME_GRID_CALLS: gallery
 *                   templates, one long caption that must shrink, one box too small for any
 *                   size); once the results are back, a short closing line
 * - `[[memes-slow]]` the same 4 calls, their arguments in 8-character pieces 45 ms apart (~6 s):
 *                   the canvases redraw many times while they stream (bench/meme-canvas.bench.ts)
 * - `[[meme-video]]` calls `create_meme_video` with one 2 s scene (MEME_VIDEO_CALL), then closes
 * - `[[meme-gif]]`  the same, a 6 s animated GIF with timed captions (MEME_GIF_CALL), then closes
 * - `[[meme-on-file:ID]]` calls `create_meme_image` once on the user's stored image ID (`file:ID`,
 *                   MEME_ON_FILE_BOX), then closes
 * - `[[meme-styled]]` calls `create_meme_image` once with the modern layout, a chosen font,
 *                   alignment, capitals and a sticker (MEME_STYLED_CALL), then closes
 * - `[[meme-invalid]]` calls `create_meme_image` with arguments its schema refuses (INVALID_MEME_CALL:
 *                   no picture, a box of negative width): the tool fails, then a closing line
 * - the memory step (a request declaring `set_memory` / `delete_memory`, issue 41): each
 *                   `[[remember:KEY=VALUE]]` in the last user message calls `set_memory {key, value}`,
 *                   each `[[forget:KEY]]` calls `delete_memory {key}` (all in one step); without either,
 *                   or once the tools' results are back, an empty answer with no call (MEMORY_STEP_DONE).
 *                   The chat's own reply to such a message is scripted as usual (an echo without other markers)
 */
export const SLOW_WORDS = Array.from({ length: 60 }, (_, i) => `word${i + 1}`);

export const MARKDOWN_REPLY = [
  'Here is a table:',
  '',
  '| Name | Value |',
  '| --- | --- |',
  '| alpha | 1 |',
  '| beta | 2 |',
  '',
  '```ts',
  'const answer: number = 42;',
  '```',
  '',
  'And math: $E = mc^2$',
].join('\n');

/** The printed line of PYTHON_RUN_REPLY's block, and the files it writes. */
export const PYTHON_RUN_OUTPUT = 'sum of squares: 30';
export const PYTHON_RUN_FILES = { figure: 'squares.png', table: 'squares.csv' } as const;

/** The Python of `[[run-python]]` and `[[execute-code]]`: computes, prints, draws and writes. */
export const PYTHON_RUN_CODE = [
  'import numpy as np',
  'import pandas as pd',
  'import matplotlib',
  "matplotlib.use('Agg')",
  'import matplotlib.pyplot as plt',
  '',
  "df = pd.DataFrame({'x': np.arange(5), 'y': np.arange(5) ** 2})",
  "print('sum of squares:', int(df['y'].sum()))",
  "df.plot(x='x', y='y', title='Squares', marker='o')",
  `plt.savefig('${PYTHON_RUN_FILES.figure}', dpi=80)`,
  `df.to_csv('${PYTHON_RUN_FILES.table}', index=False)`,
].join('\n');

/** `[[run-python]]`: a reply whose Python block computes, draws and writes (the Run button's e2e test). */
export const PYTHON_RUN_REPLY = `Here is a quick look at the squares:\n\n\`\`\`python\n${PYTHON_RUN_CODE}\n\`\`\``;

/** The answer of `[[execute-code]]` once the run is back. */
export const EXECUTE_CODE_CLOSING =
  'The squares of 0 to 4 add up to 30; the figure shows how fast they grow, and the table lists every value.';

/** `[[execute-code]]`: an agent's execute_code call, then (with its result in the history) a slow closing line. */
function executeCodeReply(request: ChatCompletionRequest): ScriptedReply {
  if (request.messages[request.messages.length - 1]?.role === 'tool')
    return { text: EXECUTE_CODE_CLOSING, chunkSize: 3, delayMs: 90 };
  if (!declaredTools(request).includes('execute_code')) return { text: 'No tool named execute_code was offered.' };
  return {
    text: 'Let me run that. ',
    toolCalls: [{ name: 'execute_code', args: { lang: 'py', code: PYTHON_RUN_CODE } }],
    chunkSize: 24,
    delayMs: 15,
  };
}

function textOf(message: ChatCompletionRequest['messages'][number] | undefined): string {
  const content = message?.content;
  if (typeof content === 'string') return content;
  return (content ?? []).map((p) => p.text ?? '').join('');
}

/** What the model received of the files: image parts, and the documents named in the text. */
function describeFiles(message: ChatCompletionRequest['messages'][number] | undefined): string {
  const content = message?.content;
  const images = Array.isArray(content)
    ? content.filter((p) => p.type === 'image_url' || p.type === 'image').length
    : 0;
  const documents = [...textOf(message).matchAll(/<attached_file name="([^"]+)"/g)].map((m) => m[1]);
  return `Received ${images} image(s) and ${documents.length} document(s)${documents.length ? `: ${documents.join(', ')}` : ''}.`;
}

/** `[[recall]]`: which model answers, and the user's messages before this one, oldest first. */
function recall(request: ChatCompletionRequest): string {
  const earlier = request.messages
    .filter((m) => m.role === 'user')
    .slice(0, -1)
    .map(textOf);
  return `${request.model} recalls: ${earlier.length ? earlier.join(' / ') : 'nothing'}`;
}

/** The names of the tools the request declares (OpenAI's `tools: [{ type: 'function', function: { name } }]`). */
function declaredTools(request: ChatCompletionRequest): string[] {
  const tools = Array.isArray(request.tools) ? (request.tools as { function?: { name?: unknown } }[]) : [];
  return tools.map((t) => t.function?.name).filter((name): name is string => typeof name === 'string');
}

/** The query `[[web-search]]` searches for. */
export const WEB_SEARCH_QUERY = 'boiling point of water at altitude';
/** The answer of `[[web-search]]` once the search is back: it cites the first two sources. */
export const WEB_SEARCH_ANSWER =
  'Water boils at 100 °C at sea level [1]. Higher up the air pressure is lower, so it boils at about 70 °C on the summit of Everest [2].';

/** `[[web-search]]`: a web_search call, then (with its result in the history) an answer citing [1] and [2]. */
function webSearchReply(request: ChatCompletionRequest): ScriptedReply {
  if (request.messages[request.messages.length - 1]?.role === 'tool')
    return { text: WEB_SEARCH_ANSWER, chunkSize: 8, delayMs: 15 };
  if (!declaredTools(request).includes('web_search')) return { text: 'No tool named web_search was offered.' };
  return {
    text: 'Let me look that up. ',
    toolCalls: [{ name: 'web_search', args: { query: WEB_SEARCH_QUERY } }],
    chunkSize: 10,
    delayMs: 10,
  };
}

/** What the scripted memory step answers when it calls no tool (empty text, as a memory agent that ends its turn). */
export const MEMORY_STEP_DONE = '';

/**
 * The memory step (LibreChat's memory agent: `set_memory` and `delete_memory` declared): the
 * markers of the last user message become its calls; once their results are back, it ends.
 */
function memoryStepReply(request: ChatCompletionRequest, tools: string[]): ScriptedReply {
  const last = request.messages[request.messages.length - 1];
  if (last?.role === 'tool') return { text: MEMORY_STEP_DONE };
  const lastUser = [...request.messages].reverse().find((m) => m.role === 'user');
  const text = textOf(lastUser);
  const toolCalls: NonNullable<ScriptedReply['toolCalls']> = [];
  if (tools.includes('set_memory')) {
    for (const [, key, value] of text.matchAll(/\[\[remember:([^=\]]+)=([^\]]+)\]\]/g))
      toolCalls.push({ name: 'set_memory', args: { key: key?.trim() ?? '', value: value?.trim() ?? '' } });
  }
  if (tools.includes('delete_memory')) {
    for (const [, key] of text.matchAll(/\[\[forget:([^\]]+)\]\]/g))
      toolCalls.push({ name: 'delete_memory', args: { key: key?.trim() ?? '' } });
  }
  return toolCalls.length ? { text: '', toolCalls } : { text: MEMORY_STEP_DONE };
}

/** `[[tool:NAME]]`: a tool call first, then (with the result in the history) the final answer. */
function toolReply(request: ChatCompletionRequest, prefix: string): ScriptedReply {
  const last = request.messages[request.messages.length - 1];
  if (last?.role === 'tool') return { text: `The tool answered: ${textOf(last)}`, chunkSize: 6, delayMs: 10 };
  const name = declaredTools(request).find((n) => n.startsWith(prefix));
  if (!name) return { text: `No tool named ${prefix} was offered.` };
  return { text: 'Let me check. ', toolCalls: [{ name, args: { text: 'hello' } }], chunkSize: 5, delayMs: 20 };
}

/** A caption long enough that it must shrink below 50 px to fit its box, yet fits well above 10 px. */
export const LONG_CAPTION =
  'When the standup was supposed to take five minutes but somebody shares their screen, opens the backlog, ' +
  'scrolls through every single ticket from last quarter, asks who owns each one, and then suggests we should ' +
  'really talk about our process in a follow-up meeting that will also be called a quick sync';

/** The caption box that nothing fits, not even at 10 px: its height is less than one line. */
export const TINY_BOX = {
  id: 'tiny',
  caption: 'Far too many words for a box this small',
  x: 470,
  y: 960,
  w: 140,
  h: 10,
};

/** The four `create_meme_image` calls of `[[memes]]`, in the order the grid shows them. */
export const MEME_GRID_CALLS = [
  {
    imageUrlString: 'template:before-after',
    language: 'en',
    captionsBoxes: [{ id: 'top', caption: 'WHEN THE TESTS PASS', x: 60, y: 60, w: 960, h: 220 }],
  },
  {
    imageUrlString: 'template:road-fork',
    language: 'en',
    captionsBoxes: [{ id: 'long', caption: LONG_CAPTION, x: 90, y: 1480, w: 900, h: 320 }],
  },
  {
    imageUrlString: 'template:two-buttons',
    language: 'en',
    captionsBoxes: [{ id: 'fits', caption: 'SHIP IT', x: 140, y: 1560, w: 800, h: 240 }, TINY_BOX],
  },
  {
    imageUrlString: 'template:podium',
    language: 'en',
    captionsBoxes: [
      { id: 'title', caption: 'BEST EXCUSES', x: 60, y: 60, w: 960, h: 200 },
      // Issue 39: a typeface of its own, so the browser-server match covers a chosen font too.
      {
        id: 'tilted',
        caption: 'IT WORKED ON MY MACHINE',
        x: 140,
        y: 1600,
        w: 800,
        h: 220,
        rotation: -6,
        font: 'condensed',
      },
    ],
  },
] as const;

/** The `create_meme_video` call of `[[meme-video]]`: one captioned scene of 2 s. */
export const MEME_VIDEO_CALL = {
  language: 'en',
  scenes: [
    {
      imageUrlString: 'template:before-after',
      seconds: 2,
      captionsBoxes: [{ id: 'v1', caption: 'COFFEE FIRST', x: 60, y: 60, w: 960, h: 220 }],
    },
  ],
} as const;

/** The `create_meme_video` call of `[[meme-gif]]` (issue 39): a 6 s animated GIF, its two captions timed. */
export const MEME_GIF_CALL = {
  language: 'en',
  format: 'gif',
  width: 360,
  fps: 10,
  scenes: [
    {
      imageUrlString: 'template:before-after',
      seconds: 6,
      captionsBoxes: [
        { id: 'g1', caption: 'ME AT 9 AM', x: 60, y: 60, w: 960, h: 220, start: 0.3, end: 3 },
        { id: 'g2', caption: 'ME AT 9:05', x: 60, y: 1600, w: 960, h: 220, start: 3 },
      ],
    },
  ],
} as const;

/** The arguments of `[[meme-invalid]]`: no `imageUrlString`, and a box of negative width. */
export const INVALID_MEME_CALL = {
  language: 'en',
  captionsBoxes: [{ id: 'top', caption: 'NOT GOING TO HAPPEN', x: 60, y: 60, w: -5, h: 220 }],
} as const;

/** `[[meme-invalid]]`: one `create_meme_image` call the tool refuses, then a line that says so. */
function invalidMemeReply(request: ChatCompletionRequest): ScriptedReply {
  if (request.messages[request.messages.length - 1]?.role === 'tool') return { text: 'That one did not work.' };
  const args = structuredClone(INVALID_MEME_CALL) as Record<string, unknown>;
  return { text: 'Trying. ', toolCalls: [{ name: 'create_meme_image', args }], chunkSize: 40, delayMs: 5 };
}

/**
 * The `create_meme_image` call of `[[meme-styled]]` (issue 39): the modern layout, a caption in
 * the bar in a font of its own, a right-aligned one in capitals below, and a sticker.
 */
export const MEME_STYLED_CALL = {
  imageUrlString: 'template:before-after',
  language: 'en',
  layout: 'modern',
  captionsBoxes: [
    { id: 'bar', caption: 'When the styles ship', x: 60, y: 40, w: 960, h: 280, font: 'marker' },
    { id: 'below', caption: 'and they match', x: 160, y: 1560, w: 860, h: 220, align: 'right', uppercase: true },
    { id: 'sticker', caption: '', x: 760, y: 1200, w: 280, h: 280, sticker: 'fire', rotation: 12 },
  ],
} as const;

/** `[[meme-styled]]`: the one styled meme (MEME_STYLED_CALL), then a closing line. */
function styledMemeReply(request: ChatCompletionRequest): ScriptedReply {
  if (request.messages[request.messages.length - 1]?.role === 'tool') return { text: 'Styled.' };
  const args = structuredClone(MEME_STYLED_CALL) as unknown as Record<string, unknown>;
  return { text: 'On it. ', toolCalls: [{ name: 'create_meme_image', args }], chunkSize: 40, delayMs: 5 };
}

/** The caption box of `[[meme-on-file:ID]]`. */
export const MEME_ON_FILE_BOX = { id: 'top', caption: 'SEEN THROUGH A LINK', x: 60, y: 60, w: 960, h: 220 } as const;

/** `[[meme-on-file:ID]]`: one meme on one of the user's uploads, then a closing line. */
function memeOnFileReply(request: ChatCompletionRequest, fileId: string): ScriptedReply {
  if (request.messages[request.messages.length - 1]?.role === 'tool') return { text: 'Here it is.' };
  const args = { imageUrlString: `file:${fileId}`, language: 'en', captionsBoxes: [{ ...MEME_ON_FILE_BOX }] };
  return { text: 'On it. ', toolCalls: [{ name: 'create_meme_image', args }], chunkSize: 40, delayMs: 5 };
}

/**
 * `[[memes]]` and `[[meme-video]]`: the meme tools' calls first (all in one step), then, with
 * the results in the history, a short closing line.
 */
function memeReply(request: ChatCompletionRequest, kind: 'images' | 'video' | 'gif', isSlow = false): ScriptedReply {
  const last = request.messages[request.messages.length - 1];
  if (last?.role === 'tool')
    return { text: kind === 'images' ? 'Here are four options.' : 'Here is your video.', chunkSize: 6, delayMs: 10 };
  const name = kind === 'images' ? 'create_meme_image' : 'create_meme_video';
  if (!declaredTools(request).includes(name)) return { text: `No tool named ${name} was offered.` };
  const toolCalls =
    kind === 'images'
      ? MEME_GRID_CALLS.map((args) => ({ name, args: structuredClone(args) as Record<string, unknown> }))
      : [{ name, args: structuredClone(kind === 'gif' ? MEME_GIF_CALL : MEME_VIDEO_CALL) as Record<string, unknown> }];
  return { text: 'On it. ', toolCalls, ...(isSlow ? { chunkSize: 8, delayMs: 45 } : { chunkSize: 40, delayMs: 5 }) };
}

export interface ScriptReplyOptions {
  /** The reply to a message without a marker (default: an echo of it). */
  fallback?: (text: string) => ScriptedReply;
}

export function scriptReply(request: ChatCompletionRequest, options: ScriptReplyOptions = {}): ScriptedReply {
  const system = request.messages.find((m) => m.role === 'system');
  const lastUser = [...request.messages].reverse().find((m) => m.role === 'user');
  const text = textOf(lastUser);
  if (system && textOf(system).includes('short title')) {
    const words = text
      .replace(/^User:\s*/, '')
      .split(/\s+/)
      .slice(0, 4)
      .join(' ');
    return { text: `Chat about ${words.replace(/\[\[.*?\]\]/g, '').trim() || 'things'}` };
  }
  const tools = declaredTools(request);
  if (tools.includes('set_memory') || tools.includes('delete_memory')) return memoryStepReply(request, tools);
  if (text.includes('[[memes]]')) return memeReply(request, 'images');
  if (text.includes('[[memes-slow]]')) return memeReply(request, 'images', true);
  if (text.includes('[[meme-video]]')) return memeReply(request, 'video');
  if (text.includes('[[meme-gif]]')) return memeReply(request, 'gif');
  if (text.includes('[[meme-invalid]]')) return invalidMemeReply(request);
  if (text.includes('[[meme-styled]]')) return styledMemeReply(request);
  const memeOnFile = text.match(/\[\[meme-on-file:([A-Za-z0-9_-]+)\]\]/);
  if (memeOnFile?.[1]) return memeOnFileReply(request, memeOnFile[1]);
  const tool = text.match(/\[\[tool:(\w+)\]\]/);
  if (tool?.[1]) return toolReply(request, tool[1]);
  if (text.includes('[[slow]]')) return { text: SLOW_WORDS.join(' '), chunkSize: 7, delayMs: 80 };
  if (text.includes('[[slower]]')) return { text: SLOW_WORDS.join(' '), chunkSize: 7, delayMs: 200 };
  const error = text.match(/\[\[error:(\w+)\]\]/);
  if (error) {
    const kind = error[1] as NonNullable<ScriptedReply['error']>['kind'];
    const status =
      kind === 'invalid_api_key'
        ? 401
        : kind === 'insufficient_quota' || kind === 'rate_limit'
          ? 429
          : kind === 'server_error'
            ? 500
            : 400;
    return { error: { status, kind } };
  }
  const artifact = text.match(/\[\[artifact(-slow)?:([\w-]+)\]\]/);
  if (artifact?.[2])
    return artifactReply(artifact[2], !!artifact[1]) ?? { text: `No scripted artifact named ${artifact[2]}.` };
  if (text.includes('[[markdown]]')) return { text: MARKDOWN_REPLY, chunkSize: 12, delayMs: 5 };
  if (text.includes('[[execute-code]]')) return executeCodeReply(request);
  if (text.includes('[[web-search]]')) return webSearchReply(request);
  if (text.includes('[[run-python]]')) return { text: PYTHON_RUN_REPLY, chunkSize: 24, delayMs: 5 };
  if (text.includes('[[think]]'))
    return { reasoning: 'Considering the question carefully.', text: 'Thought it through.', delayMs: 10 };
  if (text.includes('[[length]]')) return { text: 'This reply was cut', finishReason: 'length' };
  if (text.includes('[[files]]')) return { text: describeFiles(lastUser), chunkSize: 8, delayMs: 5 };
  if (text.includes('[[recall]]')) return { text: recall(request) };
  return options.fallback?.(text) ?? { text: `Echo: ${text}`, chunkSize: 4, delayMs: 10 };
}
