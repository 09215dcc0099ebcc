/**
 * Uploads (issue "Files"): a 200 MB upload through the server (`POST /api/files`, multipart parsed as a
 * stream, stored on local disk) against writing the same bytes to disk directly in the same run, with the
 * server's resident memory sampled from /proc while it receives; and the time to process a 12-megapixel
 * JPEG (`POST /api/files/images`: decode, strip, resize, re-encode, thumbnail) against sharp alone.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { processImage } from '../apps/server/src/features/files/images/process-image.js';
import { startServerProcess } from './lib/server-process.js';
import { percentile, round } from './lib/stats.js';

const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 3);
const IMAGE_RUNS = Number(process.env.BENCH_IMAGE_RUNS ?? 5);
const CHUNK = 1024 * 1024;

/**
 * A tar archive of UPLOAD_MB (one entry of incompressible bytes: a shared 1 MB block repeated, so the
 * source costs no memory). Archives are stored as they are, so the figure is the upload path itself.
 */
function tarHeader(size: number): Buffer {
  const header = Buffer.alloc(512);
  header.write('big.bin', 0);
  header.write('0000644\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  header.write('00000000000\0', 136);
  header.write('0', 156);
  header.write('ustar\0', 257);
  header.write('00', 263);
  header.fill(' ', 148, 156);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return header;
}

function payload(block: Buffer): Readable {
  const entryBytes = UPLOAD_MB * CHUNK - 512 - 1024;
  let sent = 0;
  return new Readable({
    read() {
      if (sent === 0) this.push(tarHeader(entryBytes));
      if (sent >= UPLOAD_MB) return this.push(null);
      sent += 1;
      // The last megabyte ends the entry and the archive (two zero blocks).
      this.push(
        sent === UPLOAD_MB ? Buffer.concat([block.subarray(0, CHUNK - 512 - 1024), Buffer.alloc(1024)]) : block,
      );
    },
  });
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function register(baseUrl: string): Promise<string> {
  const email = `bench-${randomUUID()}@example.com`;
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench',
      email,
      password: 'benchmark-password',
      confirm_password: 'benchmark-password',
    }),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`register failed: ${res.status}`);
  return body.token;
}

/** One multipart upload streamed from `body`; resolves to the status and the elapsed ms. */
function upload(baseUrl: string, token: string, path: string, name: string, type: string, body: Readable) {
  const boundary = `----confab${randomUUID()}`;
  const fields = { file_id: randomUUID(), endpoint: 'openAI' };
  const head =
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  return new Promise<{ status: number; ms: number; text: string }>((resolve, reject) => {
    const t0 = performance.now();
    const req = request(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0, text }));
    });
    req.on('error', reject);
    req.write(head);
    body.on('end', () => req.end(tail));
    body.pipe(req, { end: false });
  });
}

async function writeDirect(dir: string, block: Buffer): Promise<number> {
  const t0 = performance.now();
  const target = join(dir, `direct-${randomUUID()}`);
  await pipeline(payload(block), createWriteStream(target));
  const ms = performance.now() - t0;
  rmSync(target);
  return ms;
}

export async function runFilesBench(): Promise<{ rows: Record<string, unknown>[] }> {
  const server = await startServerProcess({ FILE_UPLOAD_IP_MAX: '100000', FILE_UPLOAD_USER_MAX: '100000' });
  const pid = server.child.pid;
  if (!pid) throw new Error('server has no pid');
  const rows: Record<string, unknown>[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'confab-bench-files-'));
  try {
    const token = await register(server.baseUrl);
    const block = randomBytes(CHUNK);
    // Warm the route once (JIT, first multipart) with a small file.
    await upload(
      server.baseUrl,
      token,
      '/api/files',
      'warm.txt',
      'text/plain',
      Readable.from([Buffer.from('warm up')]),
    );

    for (let run = 0; run < RUNS; run++) {
      const directMs = await writeDirect(scratch, block);
      const before = rssMb(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
      const res = await upload(server.baseUrl, token, '/api/files', 'big.tar', 'application/x-tar', payload(block));
      clearInterval(sampler);
      if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${res.text.slice(0, 200)}`);
      rows.push({
        case: `${UPLOAD_MB} MB upload #${run + 1}`,
        'server MB/s': round(UPLOAD_MB / (res.ms / 1000), 1),
        'direct disk MB/s': round(UPLOAD_MB / (directMs / 1000), 1),
        'server / direct': `${round((directMs / res.ms) * 100, 1)} %`,
        'RSS before MB': round(before, 1),
        'RSS growth MB': round(peak - before, 1),
      });
    }

    const jpeg = await sharp({
      create: { width: 4000, height: 3000, channels: 3, background: { r: 30, g: 120, b: 200 } },
    })
      .composite([
        {
          input: await sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } })
            .png()
            .toBuffer(),
          tile: true,
        },
      ])
      .jpeg({ quality: 90 })
      .toBuffer();
    const jpegPath = join(scratch, 'twelve-megapixels.jpg');
    await pipeline(Readable.from([jpeg]), createWriteStream(jpegPath));
    const viaServer: number[] = [];
    const alone: number[] = [];
    for (let i = 0; i < IMAGE_RUNS; i++) {
      const t0 = performance.now();
      await processImage(jpegPath, { outputType: 'webp', detail: 'high' });
      alone.push(performance.now() - t0);
      const res = await upload(
        server.baseUrl,
        token,
        '/api/files/images',
        'photo.jpg',
        'image/jpeg',
        Readable.from([jpeg]),
      );
      if (res.status !== 200) throw new Error(`image upload answered ${res.status}: ${res.text.slice(0, 200)}`);
      viaServer.push(res.ms);
    }
    rows.push({
      case: `12 MP JPEG (${round(jpeg.length / CHUNK, 1)} MB), ${IMAGE_RUNS} runs`,
      'upload + process p50 ms': round(percentile(viaServer, 50), 0),
      'upload + process p95 ms': round(percentile(viaServer, 95), 0),
      'processImage alone p50 ms': round(percentile(alone, 50), 0),
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    await server.stop();
  }
  return { rows };
}
