import { captionBoxSchema, MEME_IMAGE, MEME_PATHS, picturePartOf, type MemeTemplate } from '@confab/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestClient } from '../../../../test/http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../../test/test-server.js';
import { listTemplateArt, MEME_THUMBNAIL, memeTemplateImage } from './meme-templates.js';

it('draws every template as a well-formed 1080×1920 SVG', async () => {
  for (const art of listTemplateArt()) {
    const meta = await sharp(Buffer.from(art.draw())).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }, art.id).toEqual({
      format: 'svg',
      ...MEME_IMAGE,
    });
  }
});

// Every description ends with advice to the caption writer; a meme's alt text keeps only what the
// picture shows, so a new template whose advice is phrased in a new way fails here.
it("leaves every template's advice to the caption writer out of its alt text", () => {
  for (const art of listTemplateArt()) {
    const picture = picturePartOf(art.description);
    expect(picture.length, art.id).toBeGreaterThan(20);
    expect(picture.length, `${art.id}: ${art.description}`).toBeLessThan(art.description.trim().length);
  }
});

describeEachDialect('meme template gallery', (dialect) => {
  let server: TestServer;
  let client: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    client = new TestClient(server.baseUrl);
    await client.register();
  });
  afterAll(() => server.close());

  it('lists at least 60 templates with keywords, whose caption boxes are valid and inside the picture', async () => {
    const res = await client.get(MEME_PATHS.templates);
    expect(res.status).toBe(200);
    const templates = res.json.templates as MemeTemplate[];
    // Issue 39: a library worth searching.
    expect(templates.length).toBeGreaterThanOrEqual(60);
    expect(new Set(templates.map((t) => t.id)).size).toBe(templates.length);
    for (const template of templates) {
      expect(template.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(template).toMatchObject({
        url: MEME_PATHS.template(template.id),
        width: MEME_IMAGE.width,
        height: MEME_IMAGE.height,
      });
      expect(template.name.length, template.id).toBeGreaterThan(0);
      expect(template.description.length, template.id).toBeGreaterThan(60);
      expect(template.boxes.length, template.id).toBeGreaterThan(0);
      // The words the library's search finds it by: at least five, lower case, none repeated.
      const keywords = template.keywords ?? [];
      expect(keywords.length, template.id).toBeGreaterThanOrEqual(5);
      expect(new Set(keywords).size, template.id).toBe(keywords.length);
      for (const keyword of keywords) expect(keyword, template.id).toMatch(/^[a-z0-9][a-z0-9 '-]*$/);
      expect(new Set(template.boxes.map((b) => b.id)).size, template.id).toBe(template.boxes.length);
      for (const input of template.boxes) {
        const box = captionBoxSchema.parse(input);
        const where = `${template.id}/${box.id}`;
        expect(box.x, where).toBeGreaterThanOrEqual(0);
        expect(box.y, where).toBeGreaterThanOrEqual(0);
        expect(box.x + box.w, where).toBeLessThanOrEqual(MEME_IMAGE.width);
        expect(box.y + box.h, where).toBeLessThanOrEqual(MEME_IMAGE.height);
      }
    }
  });

  // Rasterizing all sixty takes tens of seconds of CPU; every drawing is checked once, below.
  it('serves a picture publicly as a 1080×1920 PNG that may be cached', async () => {
    const templates = (await client.get(MEME_PATHS.templates)).json.templates as MemeTemplate[];
    const sample = [templates[0], templates[Math.floor(templates.length / 2)], templates.at(-1)];
    for (const template of sample) {
      if (!template) throw new Error('no templates');
      // No bearer token: the browser's canvas loads these as plain images.
      const res = await fetch(server.baseUrl + template.url);
      expect(res.status, template.id).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }, template.id).toEqual({
        format: 'png',
        ...MEME_IMAGE,
      });
    }
  });

  it('serves a small thumbnail for the gallery', async () => {
    const res = await fetch(`${server.baseUrl}${MEME_PATHS.template('two-buttons')}?thumb=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([MEME_THUMBNAIL.width, MEME_THUMBNAIL.height]);
  });

  it('answers an unknown template with a 404 in the API error shape', async () => {
    for (const path of [
      MEME_PATHS.template('no-such-template'),
      `${MEME_PATHS.templates}/nope-yep.jpg`,
      `${MEME_PATHS.templates}/..%2Fnope-yep.png`,
    ]) {
      const res = await fetch(server.baseUrl + path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('lists templates only for a signed-in user', async () => {
    const res = await new TestClient(server.baseUrl).get(MEME_PATHS.templates);
    expect(res.status).toBe(401);
  });
});

it('rasterizes a template once, sharing the render between concurrent callers', async () => {
  const [a, b] = await Promise.all([memeTemplateImage('podium'), memeTemplateImage('podium')]);
  expect(a).toBeInstanceOf(Buffer);
  expect(b).toBe(a);
  expect(await memeTemplateImage('podium')).toBe(a);
  expect(await memeTemplateImage('missing')).toBeUndefined();
});
