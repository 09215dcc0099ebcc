import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import memeMedia from '../../../locales/en-US/meme-media.json';
import type { ToolCall } from '../../chat/stream/tool-call-events';
import { MemeVideo } from './meme-video';

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { 'meme-media': memeMedia } },
    showSupportNotice: false,
  });
});

const call = (output?: string, progress?: number): ToolCall => ({
  id: 'call_1',
  name: 'create_meme_video',
  args: '{}',
  ...(output !== undefined ? { output } : {}),
  ...(progress !== undefined ? { progress } : {}),
});

function render(toolCall: ToolCall, isSubmitting = false): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <TooltipProvider>
        <MemeVideo call={toolCall} isSubmitting={isSubmitting} messageId="m1" />
      </TooltipProvider>
    </I18nextProvider>,
  );
}

const status = (html: string) => /data-testid="meme-video-status">([^<]*)</.exec(html)?.[1];

describe('MemeVideo', () => {
  it('says "Generating video..." while the tool runs, with nothing to download yet', () => {
    const html = render(call(), true);
    expect(status(html)).toBe('Generating video...');
    expect(html).not.toContain('meme-video-download');
    expect(html).not.toContain('<video');
  });

  it("shows the render's progress as a bar and a percentage once the tool reports it", () => {
    expect(render(call(undefined, 0.1), true)).not.toContain('meme-video-progress');
    const html = render(call(undefined, 0.42), true);
    expect(status(html)).toBe('Generating video...');
    expect(html).toMatch(
      /role="progressbar" aria-label="Rendering progress" aria-valuemin="0" aria-valuemax="100" aria-valuenow="42"/,
    );
    expect(html).toContain('42%');
  });

  it('plays an animated GIF or WebP as a picture, at most 300 px tall, never in the video player', () => {
    const html = render(call('Done: https://cdn.example.com/videos/x.gif'));
    expect(html).toMatch(/<img[^>]*src="https:\/\/cdn\.example\.com\/videos\/x\.gif"/);
    expect(html).toMatch(/<img[^>]*alt="Meme video"/);
    expect(html).toMatch(/<img[^>]*style="max-height:300px"/);
    expect(html).not.toContain('<video');
    const own = render(call(JSON.stringify([{ type: 'text', text: '/api/memes/videos/abc.webp' }])));
    expect(status(own)).toBe('Loading video...');
    expect(own).toContain('data-testid="meme-video-download"');
  });

  it('says "No valid video URL found in response" for an output without one', () => {
    expect(status(render(call('ffmpeg exited with code 1')))).toBe('No valid video URL found in response');
    // A call the reply left unfinished has no output either.
    expect(status(render(call(), false))).toBe('No valid video URL found in response');
  });

  it('says "Loading video..." while our own video is fetched with the token, its download already offered', () => {
    const html = render(call(JSON.stringify([{ type: 'text', text: '/api/memes/videos/abc.mp4' }])));
    expect(status(html)).toBe('Loading video...');
    expect(html).toContain('data-testid="meme-video-download"');
    expect(html).toContain('aria-label="Download video"');
  });

  it("plays another tool's https URL directly: a video with controls, inline, metadata only, at most 300 px tall", () => {
    const html = render(call('Done: https://cdn.example.com/v/clip.mp4'));
    expect(html).toMatch(/<video[^>]*src="https:\/\/cdn\.example\.com\/v\/clip\.mp4"/);
    expect(html).toMatch(/<video[^>]*controls=""/);
    expect(html).toMatch(/<video[^>]*playsInline=""/i);
    expect(html).toMatch(/<video[^>]*preload="metadata"/);
    expect(html).toMatch(/<video[^>]*style="max-height:300px"/);
    expect(html).toContain('data-testid="meme-video"');
    // Until its metadata arrives the player waits under "Loading video...".
    expect(status(html)).toBe('Loading video...');
  });
});
