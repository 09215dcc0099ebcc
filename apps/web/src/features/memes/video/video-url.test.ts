import { describe, expect, it } from 'vitest';
import { isOwnVideoPath } from './video-fetch';
import { readVideoUrl, videoFormatOf, videoPosterOf } from './video-url';

describe('readVideoUrl', () => {
  it("reads our own video tool's output: an array of text items, one holding the URL (SPEC 3)", () => {
    expect(readVideoUrl(JSON.stringify([{ type: 'text', text: '/api/memes/videos/f_abc-1.mp4' }]))).toBe(
      '/api/memes/videos/f_abc-1.mp4',
    );
    const two = [
      { type: 'text', text: 'Rendered 5 s' },
      { type: 'text', text: '/api/memes/videos/v2.mp4' },
    ];
    expect(readVideoUrl(JSON.stringify(two))).toBe('/api/memes/videos/v2.mp4');
  });

  it("finds another tool's https video URL in plain text or in JSON of its own shape", () => {
    expect(readVideoUrl('Here is your clip: https://cdn.example.com/out/clip.mp4 enjoy')).toBe(
      'https://cdn.example.com/out/clip.mp4',
    );
    expect(readVideoUrl(JSON.stringify({ video_url: 'https://media.example.com/v/123.webm?sig=x' }))).toBe(
      'https://media.example.com/v/123.webm?sig=x',
    );
  });

  it('answers null when there is nothing to play (SPEC 8: "No valid video URL found in response")', () => {
    expect(readVideoUrl(undefined)).toBeNull();
    expect(readVideoUrl('')).toBeNull();
    expect(readVideoUrl('Error processing tool create_meme_video: ffmpeg failed')).toBeNull();
    expect(readVideoUrl(JSON.stringify([{ type: 'text', text: 'https://example.com/page.html' }]))).toBeNull();
    // A search tool's JSON results linking to a video page are not a video.
    expect(readVideoUrl(JSON.stringify({ results: [{ url: 'https://example.com/videos/cats' }] }))).toBeNull();
    expect(readVideoUrl('javascript:alert(1)//.mp4')).toBeNull();
    expect(readVideoUrl('/api/memes/videos/../../etc/passwd.mp4')).toBeNull();
  });
});

describe('animated memes (issue 39)', () => {
  it('reads our GIF and WebP paths and tells their format', () => {
    expect(readVideoUrl(JSON.stringify([{ type: 'text', text: '/api/memes/videos/g1.gif' }]))).toBe(
      '/api/memes/videos/g1.gif',
    );
    expect(readVideoUrl(JSON.stringify([{ type: 'text', text: '/api/memes/videos/w1.webp' }]))).toBe(
      '/api/memes/videos/w1.webp',
    );
    expect(isOwnVideoPath('/api/memes/videos/g1.gif')).toBe(true);
    expect(videoFormatOf('/api/memes/videos/g1.gif')).toBe('gif');
    expect(videoFormatOf('/api/memes/videos/w1.webp')).toBe('webp');
    expect(videoFormatOf('/api/memes/videos/v.mp4')).toBe('mp4');
    expect(videoFormatOf('https://cdn.example.com/v/clip.webm')).toBe('mp4');
  });
});

describe('own video paths', () => {
  it('are ours only on this origin (another origin never gets the token)', () => {
    expect(isOwnVideoPath('/api/memes/videos/abc.mp4')).toBe(true);
    expect(isOwnVideoPath('https://cdn.example.com/api/memes/videos/abc.mp4')).toBe(false);
  });
});

describe('videoPosterOf', () => {
  it("names our own mp4's poster, none for a GIF, a WebP or another tool's video", () => {
    expect(videoPosterOf('/api/memes/videos/f_abc-1.mp4')).toBe('/api/memes/videos/f_abc-1.jpg');
    expect(isOwnVideoPath('/api/memes/videos/f_abc-1.jpg')).toBe(true);
    expect(videoPosterOf('/api/memes/videos/f_abc-1.gif')).toBeNull();
    expect(videoPosterOf('https://cdn.example.com/api/memes/videos/x.mp4')).toBeNull();
  });
});
