import { crc32 } from 'node:zlib';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import exifReader from 'exif-reader';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targetSize } from './image-limits.js';
import { ImageProcessingError, probeImage, processImage } from './process-image.js';

let dir: string;
let counter = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'confab-images-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function saveFile(data: Buffer): Promise<string> {
  counter += 1;
  const path = join(dir, `upload-${counter}`);
  await writeFile(path, data);
  return path;
}

function solid(width: number, height: number, background = '#3366cc'): Sharp {
  return sharp({ create: { width, height, channels: 3, background } });
}

/** A camera JPEG: left half red, right half blue, stored sideways (orientation 6), with GPS and a camera make. */
async function cameraJpeg(): Promise<Buffer> {
  const half = await solid(40, 40, '#0000ff').png().toBuffer();
  return solid(80, 40, '#ff0000')
    .composite([{ input: half, left: 40, top: 0 }])
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'ConfabCam', ImageDescription: 'home' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 40/1' },
    })
    .toBuffer();
}

async function pixelAt(data: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data: raw, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [raw[offset] ?? -1, raw[offset + 1] ?? -1, raw[offset + 2] ?? -1];
}

/** A PNG whose header claims `width` x `height` with a few bytes of pixel data: a decompression bomb's shape. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await solid(1, 1).png().toBuffer();
  // IHDR is the first chunk: 8-byte signature, 4-byte length, 'IHDR', then width and height.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('processImage', () => {
  it('strips EXIF with GPS and applies the orientation', async () => {
    const input = await cameraJpeg();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();
    expect(exifReader(before.exif ?? Buffer.alloc(0)).GPSInfo?.GPSLatitudeRef).toBe('N');

    const result = await processImage(await saveFile(input), { outputType: 'jpeg', detail: 'high' });
    const after = await sharp(result.data).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(result.data.includes('ConfabCam')).toBe(false);
    // Upright: the stored 80x40 turned a quarter clockwise is 40x80, red on top, blue below.
    expect([result.width, result.height]).toEqual([40, 80]);
    expect([after.width, after.height]).toEqual([40, 80]);
    const top = await pixelAt(result.data, 20, 10);
    const bottom = await pixelAt(result.data, 20, 70);
    expect(top[0]).toBeGreaterThan(200);
    expect(top[2]).toBeLessThan(60);
    expect(bottom[2]).toBeGreaterThan(200);
    expect(bottom[0]).toBeLessThan(60);
    expect((await sharp(result.thumbnail.data).metadata()).exif).toBeUndefined();
  });

  it('drops XMP, ICC and PNG text chunks and converts to sRGB', async () => {
    const input = await solid(64, 64)
      .withIccProfile('p3')
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><secret>where I live</secret></x:xmpmeta>')
      .png()
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.icc).toBeDefined();
    expect(before.xmp).toBeDefined();
    const result = await processImage(await saveFile(input), { outputType: 'png', detail: 'auto' });
    const after = await sharp(result.data).metadata();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.comments ?? []).toEqual([]);
    expect(after.space).toBe('srgb');
    expect(result.data.includes('where I live')).toBe(false);
  });

  it.each([
    ['low', 4000, 3000, 512, 384],
    ['high', 4000, 3000, 1024, 768],
    ['auto', 4000, 3000, 1024, 768],
    ['high', 3000, 500, 2048, 341],
    ['high', 1000, 700, 1000, 700],
    ['low', 300, 200, 300, 200],
    ['high', 100, 5000, 41, 2048],
  ] as const)('sizes a %s-detail %dx%d image to %dx%d, never enlarging', async (detail, w, h, ew, eh) => {
    expect(targetSize(w, h, detail)).toEqual({ width: ew, height: eh });
  });

  it('resizes real images by detail and makes a thumbnail that fits 320x320', async () => {
    const path = await saveFile(await solid(2400, 1200).jpeg().toBuffer());
    const low = await processImage(path, { outputType: 'webp', detail: 'low' });
    expect([low.width, low.height]).toEqual([512, 256]);
    expect([low.thumbnail.width, low.thumbnail.height]).toEqual([320, 160]);
    const high = await processImage(path, { outputType: 'webp', detail: 'high' });
    expect([high.width, high.height]).toEqual([1536, 768]);
    const meta = await sharp(high.data).metadata();
    expect([meta.width, meta.height]).toEqual([1536, 768]);
    const thumb = await sharp(high.thumbnail.data).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 320, 160]);

    const small = await processImage(await saveFile(await solid(100, 60).png().toBuffer()), {
      outputType: 'png',
      detail: 'high',
    });
    expect([small.width, small.height, small.thumbnail.width, small.thumbnail.height]).toEqual([100, 60, 100, 60]);
  });

  it.each(['png', 'webp', 'jpeg'] as const)('encodes to %s, thumbnail included', async (outputType) => {
    const input = await solid(50, 30).gif().toBuffer();
    const result = await processImage(await saveFile(input), { outputType, detail: 'auto' });
    expect(result.type).toBe(`image/${outputType}`);
    expect(result.thumbnail.type).toBe(`image/${outputType}`);
    expect((await sharp(result.data).metadata()).format).toBe(outputType);
    expect((await sharp(result.thumbnail.data).metadata()).format).toBe(outputType);
  });

  it('puts transparent areas on white when encoding to JPEG', async () => {
    const input = await sharp({
      create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const result = await processImage(await saveFile(input), { outputType: 'jpeg', detail: 'auto' });
    expect(await pixelAt(result.data, 10, 10)).toEqual([255, 255, 255]);
  });

  it('keeps the first frame of an animated GIF', async () => {
    const frames = await Promise.all(['#ff0000', '#00ff00', '#0000ff'].map((c) => solid(30, 20, c).png().toBuffer()));
    const input = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(input).metadata()).pages).toBe(3);
    const result = await processImage(await saveFile(input), { outputType: 'webp', detail: 'auto' });
    const meta = await sharp(result.data).metadata();
    expect([meta.width, meta.height, meta.pages ?? 1]).toEqual([30, 20, 1]);
    const [r, g] = await pixelAt(result.data, 15, 10);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(60);
  });

  it('keeps an animated GIF animated when asked, every frame fitted, the thumbnail a still', async () => {
    const frames = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff'].map((c) => solid(3000, 200, c).png().toBuffer()),
    );
    const input = await sharp(frames, { join: { animated: true } })
      .gif({ delay: [100, 200, 300] })
      .toBuffer();
    const result = await processImage(await saveFile(input), {
      outputType: 'jpeg',
      detail: 'auto',
      keepAnimation: true,
    });
    expect(result).toMatchObject({ type: 'image/gif', width: 2048, height: 137 });
    const meta = await sharp(result.data, { animated: true }).metadata();
    expect([meta.format, meta.pages, meta.pageHeight, meta.delay]).toEqual(['gif', 3, 137, [100, 200, 300]]);
    expect(result.thumbnail.type).toBe('image/jpeg');
    expect((await sharp(result.thumbnail.data).metadata()).pages ?? 1).toBe(1);

    // A still GIF is re-encoded to the output type as before.
    const still = await processImage(await saveFile(await solid(30, 20).gif().toBuffer()), {
      outputType: 'png',
      detail: 'auto',
      keepAnimation: true,
    });
    expect(still.type).toBe('image/png');
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const path = await saveFile(await pngClaiming(20_000, 20_000));
    const error = await processImage(path, { outputType: 'png', detail: 'auto' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageProcessingError);
    expect(error).toMatchObject({ reason: 'too_large' });
    expect(await probeImage(path)).toBeUndefined();
  });

  it('refuses a real image over 100 megapixels', async () => {
    const input = await solid(10_050, 10_000, '#ffffff').png({ compressionLevel: 1 }).toBuffer();
    const error = await processImage(await saveFile(input), { outputType: 'jpeg', detail: 'low' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ name: 'ImageProcessingError', reason: 'too_large' });
  });

  it('refuses garbage, truncated images and formats it does not process', async () => {
    const garbage = await saveFile(Buffer.from('this is not an image, only words'));
    await expect(processImage(garbage, { outputType: 'png', detail: 'auto' })).rejects.toMatchObject({
      name: 'ImageProcessingError',
      reason: 'corrupt',
    });

    const noisy = await sharp({
      create: {
        width: 300,
        height: 200,
        channels: 3,
        background: '#000000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const truncated = await saveFile(noisy.subarray(0, Math.floor(noisy.length / 2)));
    await expect(processImage(truncated, { outputType: 'png', detail: 'auto' })).rejects.toMatchObject({
      reason: 'corrupt',
    });

    const svg = await saveFile(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'));
    await expect(processImage(svg, { outputType: 'png', detail: 'auto' })).rejects.toMatchObject({
      reason: 'unsupported',
    });
    const tiff = await saveFile(await solid(10, 10).tiff().toBuffer());
    await expect(processImage(tiff, { outputType: 'png', detail: 'auto' })).rejects.toMatchObject({
      reason: 'unsupported',
    });
  });
});

describe('probeImage', () => {
  it('reads type and upright dimensions from the header', async () => {
    expect(await probeImage(await saveFile(await cameraJpeg()))).toEqual({ width: 40, height: 80, type: 'image/jpeg' });
    expect(await probeImage(await saveFile(await solid(7, 9).webp().toBuffer()))).toEqual({
      width: 7,
      height: 9,
      type: 'image/webp',
    });
    expect(await probeImage(await saveFile(await solid(7, 9).gif().toBuffer()))).toMatchObject({ type: 'image/gif' });
    expect(await probeImage(await saveFile(await solid(7, 9).png().toBuffer()))).toMatchObject({ type: 'image/png' });
  });

  it('answers undefined for what is not one of our images', async () => {
    expect(await probeImage(await saveFile(Buffer.from('%PDF-1.7 not an image')))).toBeUndefined();
    expect(await probeImage(join(dir, 'missing'))).toBeUndefined();
    expect(
      await probeImage(await saveFile(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'))),
    ).toBeUndefined();
  });
});
