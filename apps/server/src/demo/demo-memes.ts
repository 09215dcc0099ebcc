import { MEME_TOOLS, type CaptionBoxInput } from '@confab/shared';
import type { ChatCompletionMessage, ChatCompletionRequest, ScriptedReply } from '@confab/testkit';

/**
 * The Meme maker in the demo. Its conversation starters are plain sentences ("Make a meme about
 * Monday mornings"), which the scripted markers do not know: without this, clicking one brought
 * the demo's help back. Here a request that offers the meme tools and carries no marker is
 * answered the way a model would: one meme about what the message names, four for "options", a
 * video when it says so, the user's photo when one is attached.
 */

function textOf(message: ChatCompletionMessage | undefined): string {
  const content = message?.content;
  if (typeof content === 'string') return content;
  return (content ?? []).map((p) => p.text ?? '').join('');
}

/** The tools the request offers (OpenAI's `tools: [{ type: 'function', function: { name } }]`). */
function offeredTools(request: ChatCompletionRequest): string[] {
  const tools = Array.isArray(request.tools) ? (request.tools as { function?: { name?: unknown } }[]) : [];
  return tools.map((t) => t.function?.name).filter((name): name is string => typeof name === 'string');
}

/** What the meme is about, in caption capitals: the words after "about", else the message's first words. */
export function memeTopic(text: string): string {
  const plain = text
    .replace(/\(Attached (image|video) file ids[^)]*\)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const about = /\babout\s+(.+)$/i.exec(plain)?.[1] ?? plain;
  const words = about
    .replace(/[.!?]+$/, '')
    .split(' ')
    .slice(0, 6)
    .join(' ');
  return (words || 'memes').toUpperCase().slice(0, 40).trim();
}

const box = (id: string, caption: string, x: number, y: number, w: number, h: number): CaptionBoxInput => ({
  id,
  caption,
  x,
  y,
  w,
  h,
});

/** Four takes on a topic, each on a gallery template at its suggested boxes (meme-templates.ts). */
function takesOn(topic: string): { imageUrlString: string; language: string; captionsBoxes: CaptionBoxInput[] }[] {
  return [
    {
      imageUrlString: 'template:surprised-cat',
      language: 'en',
      captionsBoxes: [box('top', topic, 60, 60, 960, 380), box('bottom', 'WAIT, AGAIN?', 60, 1580, 960, 300)],
    },
    {
      imageUrlString: 'template:everything-is-fine',
      language: 'en',
      captionsBoxes: [box('situation', topic, 60, 60, 960, 320), box('reaction', 'THIS IS FINE', 60, 1580, 960, 300)],
    },
    {
      imageUrlString: 'template:nope-yep',
      language: 'en',
      captionsBoxes: [
        box('nope', 'DOING SOMETHING ELSE', 560, 140, 460, 720),
        box('yep', `MEMES ABOUT ${topic}`, 560, 1100, 460, 720),
      ],
    },
    {
      imageUrlString: 'template:change-my-mind',
      language: 'en',
      captionsBoxes: [
        box('top', 'HOT TAKE', 60, 60, 960, 320),
        box('sign', `${topic} IS A PERSONALITY`, 200, 1240, 680, 300),
      ],
    },
  ];
}

/**
 * "Turn the photo I attach into a meme": the id the server names for the newest attached picture
 * (or video: its clips are named on a line of their own, file-context.ts).
 */
function attachedFileId(request: ChatCompletionRequest, kind: 'image' | 'video' = 'image'): string | undefined {
  // A clip counts in the message it came with only: later requests are about something else.
  const users = request.messages
    .filter((m) => m.role === 'user')
    .reverse()
    .slice(0, kind === 'video' ? 1 : undefined);
  const line = new RegExp(`\\(Attached ${kind} file ids[^)]*\\)`, 'g');
  for (const message of users) {
    const named = (textOf(message).match(line) ?? []).join(' ');
    const ids = [...named.matchAll(/= file:([A-Za-z0-9_-]+)/g)].map((m) => m[1]);
    if (ids.length) return ids[ids.length - 1];
  }
  return undefined;
}

const call = (name: string, args: object) => ({ name, args: structuredClone(args) as Record<string, unknown> });

/**
 * The Meme maker's reply in the demo, or undefined when the request is not one for it (the meme
 * tools not offered). After the tools ran, a closing line that says how it went.
 */
export function replyWithDemoMemes(request: ChatCompletionRequest): ScriptedReply | undefined {
  const tools = offeredTools(request);
  if (!tools.includes(MEME_TOOLS.image)) return undefined;
  const last = request.messages[request.messages.length - 1];
  if (last?.role === 'tool') {
    const results = request.messages.slice(request.messages.findLastIndex((m) => m.role !== 'tool') + 1);
    const outputs = results.map(textOf);
    const text = outputs.some((t) => /\.mp4/.test(t))
      ? 'Here is your video.'
      : outputs.some((t) => t.includes('"status":"ok"'))
        ? 'Here you go. Ask for changes, other takes or a video of it.'
        : 'That one could not be made. Try other words.';
    return { text, chunkSize: 8, delayMs: 15 };
  }
  const text = textOf([...request.messages].reverse().find((m) => m.role === 'user'));
  const topic = memeTopic(text);
  const reply = (calls: ReturnType<typeof call>[]): ScriptedReply => ({
    text: 'On it. ',
    toolCalls: calls,
    chunkSize: 40,
    delayMs: 5,
  });
  const clipId = tools.includes(MEME_TOOLS.video) ? attachedFileId(request, 'video') : undefined;
  if (clipId) {
    // The user's own clip, captioned from start to end (the tool refuses one over its limits).
    const captionsBoxes = [box('top', topic, 60, 60, 960, 320), box('bottom', 'EVERY SINGLE TIME', 60, 1580, 960, 300)];
    return reply([
      call(MEME_TOOLS.video, {
        language: 'en',
        scenes: [{ imageUrlString: `file:${clipId}`, captionsBoxes }],
      }),
    ]);
  }
  if (/\bvideo\b/i.test(text) && tools.includes(MEME_TOOLS.video)) {
    // Expectation, then reality: two scenes of 3 s, each on one of the takes' pictures.
    const scenes = [
      { imageUrlString: 'template:surprised-cat', caption: 'EXPECTATION' },
      { imageUrlString: 'template:everything-is-fine', caption: 'REALITY' },
    ].map(({ imageUrlString, caption }) => ({
      imageUrlString,
      seconds: 3,
      captionsBoxes: [box('top', topic, 60, 60, 960, 320), box('bottom', caption, 60, 1580, 960, 300)],
    }));
    return reply([call(MEME_TOOLS.video, { language: 'en', scenes })]);
  }
  if (/\b(photo|picture|image)\b/i.test(text)) {
    const fileId = attachedFileId(request);
    if (!fileId) return { text: 'Attach a photo with the paperclip, then send this again: I will caption it.' };
    const captionsBoxes = [
      box('top', 'ME, IN THIS PHOTO', 60, 60, 960, 300),
      box('bottom', 'MAIN CHARACTER ENERGY', 60, 1580, 960, 300),
    ];
    return reply([call(MEME_TOOLS.image, { imageUrlString: `file:${fileId}`, language: 'en', captionsBoxes })]);
  }
  const takes = takesOn(topic);
  const isSeveral = /\b(4|four|options|a few|several|variations)\b/i.test(text);
  return reply((isSeveral ? takes : takes.slice(0, 1)).map((args) => call(MEME_TOOLS.image, args)));
}
