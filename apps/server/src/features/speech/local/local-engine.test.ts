import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createLocalStt, createLocalTts } from './local-engine.js';
import { LocalSpeechError } from './local-process.js';
import { DEFAULT_LOCAL_VOICE, LOCAL_VOICES, splitIntoPieces } from './local-tts.js';
import { wordErrorRate } from './word-error-rate.js';

const tts = createLocalTts();
const stt = createLocalStt();
const NO_ENGINE =
  'the local speech engine is not installed here: run scripts/ensure-speech-engines.sh (Debian flite, pocketsphinx)';

const SENTENCE = 'The weather today is sunny and warm, and we will walk to the park after lunch.';

async function speak(text: string, options: Parameters<NonNullable<typeof tts>['synthesize']>[1] = {}) {
  const chunks: Uint8Array[] = [];
  for await (const chunk of tts!.synthesize(text, options)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The flite and ffmpeg processes this test process started that are still alive. */
function ownSpeechProcesses(): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const state = stat.slice(stat.lastIndexOf(')') + 2)[0];
      if (/^(flite|ffmpeg|pocketsphinx)/.test(comm) && parent === process.pid && state !== 'Z')
        found.push(Number(name));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

describe('word error rate', () => {
  it('counts substitutions, deletions and insertions against the reference', () => {
    expect(wordErrorRate('the cat sat', 'The cat sat.')).toBe(0);
    expect(wordErrorRate('the cat sat down', 'the bat sat')).toBe(0.5);
    expect(wordErrorRate('a b', 'a b c d')).toBe(1);
  });
});

describe('splitting text for the synthesizer', () => {
  it('keeps every word, in pieces of at most 200 characters', () => {
    const text = `${'Short sentence here. '.repeat(30)}${'x'.repeat(450)}`;
    const pieces = splitIntoPieces(text);
    expect(pieces.every((piece) => piece.length <= 200)).toBe(true);
    expect(pieces.join(' ').replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
  });
});

describe.skipIf(!tts || !stt)(`local speech engine (${NO_ENGINE})`, () => {
  it('lists its voices with the default first', async () => {
    const voices = await tts!.voices();
    expect(voices).toEqual(LOCAL_VOICES);
    expect(voices[0]).toBe(DEFAULT_LOCAL_VOICE);
  });

  it('speaks valid MP3 bytes', async () => {
    const mp3 = await speak('Hello from the local engine.');
    expect(mp3.byteLength).toBeGreaterThan(2000);
    // An MPEG audio frame sync (11 set bits) or an ID3 tag opens the stream.
    const opensWithFrame = mp3[0] === 0xff && ((mp3[1] ?? 0) & 0xe0) === 0xe0;
    expect(opensWithFrame || mp3.subarray(0, 3).toString('latin1') === 'ID3').toBe(true);
  });

  it('transcribes back what it spoke, with a word error rate under 30 %', async () => {
    const mp3 = await speak(SENTENCE);
    const text = await stt!.transcribe(mp3, { mimeType: 'audio/mpeg' });
    expect(wordErrorRate(SENTENCE, text), text).toBeLessThan(0.3);
  });

  it('transcribes a browser recording (webm/opus)', async () => {
    // A browser's MediaRecorder makes webm/opus; the round trip through it must still be understood.
    const { ffmpegPath } = await import('../../memes/meme-video-ffmpeg.js');
    const { runProcess } = await import('./local-process.js');
    const { mkdtemp, writeFile, readFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(`${tmpdir()}/confab-stt-test-`);
    try {
      await writeFile(`${dir}/in.mp3`, await speak(SENTENCE));
      await runProcess(ffmpegPath(), ['-loglevel', 'error', '-i', 'in.mp3', '-c:a', 'libopus', 'out.webm'], {
        cwd: dir,
        timeoutMs: 30_000,
        maxOutputBytes: 1024,
      }).catch(async () => {
        // Some static ffmpeg builds lack libopus; vorbis is still webm.
        await runProcess(ffmpegPath(), ['-loglevel', 'error', '-y', '-i', 'in.mp3', '-c:a', 'libvorbis', 'out.webm'], {
          cwd: dir,
          timeoutMs: 30_000,
          maxOutputBytes: 1024,
        });
      });
      const text = await stt!.transcribe(await readFile(`${dir}/out.webm`), { mimeType: 'audio/webm;codecs=opus' });
      expect(wordErrorRate(SENTENCE, text), text).toBeLessThan(0.3);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses empty or too long text and unknown audio types with stable codes', async () => {
    await expect(speak('  ')).rejects.toMatchObject({ code: 'text_empty' });
    await expect(speak('a '.repeat(6000))).rejects.toMatchObject({ code: 'text_too_long' });
    await expect(stt!.transcribe(new Uint8Array(10), { mimeType: 'application/x-mpegurl' })).rejects.toBeInstanceOf(
      LocalSpeechError,
    );
    await expect(stt!.transcribe(new Uint8Array(0), { mimeType: 'audio/wav' })).rejects.toMatchObject({
      code: 'audio_empty',
    });
  });

  it('kills its processes when aborted', async () => {
    const controller = new AbortController();
    const long = 'This is a long text that keeps the synthesizer busy for a while. '.repeat(100);
    const iterator = tts!.synthesize(long, { signal: controller.signal })[Symbol.asyncIterator]();
    await iterator.next(); // audio is flowing, so the encoder and a synthesizer are running
    expect(ownSpeechProcesses().length).toBeGreaterThan(0);
    controller.abort();
    await expect(iterator.next()).rejects.toThrow();
    await expect.poll(ownSpeechProcesses, { timeout: 2000 }).toEqual([]);
  });

  it('stops its processes when the listener stops reading', async () => {
    const long = 'Another long text that nobody listens to until the end. '.repeat(100);
    for await (const chunk of tts!.synthesize(long, {})) {
      expect(chunk.byteLength).toBeGreaterThan(0);
      break;
    }
    await expect.poll(ownSpeechProcesses, { timeout: 2000 }).toEqual([]);
  });

  it('aborts a transcription', async () => {
    const mp3 = await speak(SENTENCE);
    const controller = new AbortController();
    const pending = stt!.transcribe(mp3, { mimeType: 'audio/mpeg', signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toThrow();
    await expect.poll(ownSpeechProcesses, { timeout: 2000 }).toEqual([]);
  });
});
