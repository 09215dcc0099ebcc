import type { MemeImageOutput, MemeTemplate, Message } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import {
  editBody,
  newBox,
  removeBox,
  sourceForNewTemplate,
  sourceFromCall,
  sourceFromTemplate,
  templateShape,
  updateBox,
} from './editor-document';
import { mergeSavedMessage } from './use-save-meme-edit';

const reply = { kind: 'reply' as const, conversationId: 'c1', messageId: 'm1', toolCallId: 'call_1' };
const output: MemeImageOutput = {
  status: 'ok',
  image_url: '/images/u1/f2',
  file_id: 'f2',
  source_url: '/images/u1/f1',
  width: 1080,
  height: 1920,
  overflow: [],
};
const args = JSON.stringify({
  imageUrlString: 'https://example.com/cat.png',
  captionsBoxes: [{ id: 'a', caption: 'HI', x: 10, y: 20, w: 300, h: 100 }],
});

describe('sourceFromCall', () => {
  it('opens a finished call on the picture the server drew on, with every box', () => {
    const source = sourceFromCall(reply, args, output)!;
    expect(source.imageUrlString).toBe('/images/u1/f1');
    expect(source.document.layout).toBe('classic');
    expect(source.document.boxes).toHaveLength(1);
    expect(source.document.boxes[0]).toMatchObject({ id: 'a', caption: 'HI', rotation: 0 });
  });
  it('refuses what it cannot edit: broken arguments, no output, a picture not ours', () => {
    expect(sourceFromCall(reply, '{"imageUrlString":', output)).toBeNull();
    expect(sourceFromCall(reply, args, null)).toBeNull();
    expect(sourceFromCall(reply, args, { ...output, source_url: 'https://evil.example/x.png' })).toBeNull();
  });
});

describe('editBody', () => {
  it('names the reply and call for a reply meme', () => {
    const source = sourceFromCall(reply, args, output)!;
    const body = editBody(source, updateBox(source.document, 'a', { caption: 'BYE' }));
    expect(body).toMatchObject({ conversationId: 'c1', messageId: 'm1', toolCallId: 'call_1' });
    expect(body.args.captionsBoxes?.[0]?.caption).toBe('BYE');
    expect(body.args).not.toHaveProperty('layout');
  });
  it('a template edit goes to the conversation, with the modern layout when chosen', () => {
    const template = {
      id: 'drake',
      name: 'Drake',
      description: 'two panels',
      url: '/api/memes/templates/drake.png',
      width: 1080,
      height: 1920,
      boxes: [{ id: 't', caption: '', x: 0, y: 0, w: 500, h: 200 }],
    } satisfies MemeTemplate;
    const source = sourceFromTemplate({ kind: 'template', conversationId: 'c9' }, template, 'en');
    expect(source.pictureUrl).toBe('/api/memes/templates/drake.png');
    const body = editBody(source, { ...source.document, layout: 'modern', barHeight: 400 });
    expect(body).toEqual({
      conversationId: 'c9',
      args: expect.objectContaining({ imageUrlString: 'template:drake', layout: 'modern', barHeight: 400 }),
    });
  });
});

describe('boxes', () => {
  it('a new box gets a fresh id inside the picture; removing it drops only it', () => {
    const boxes = [newBox([], 'one')];
    const second = newBox(boxes, 'two');
    expect(second.id).not.toBe(boxes[0]!.id);
    expect(second.x).toBeGreaterThanOrEqual(0);
    const doc = removeBox({ boxes: [...boxes, second], layout: 'classic' }, boxes[0]!.id);
    expect(doc.boxes.map((b) => b.caption)).toEqual(['two']);
  });
});

describe('mergeSavedMessage', () => {
  const message = (id: string, text = '') => ({ messageId: id, text }) as unknown as Message;
  it('replaces the reply the edit was added to, or appends a new message', () => {
    const list = [message('m1', 'old'), message('m2')];
    expect(mergeSavedMessage(list, message('m1', 'new')).map((m) => m.text)).toEqual(['new', '']);
    expect(mergeSavedMessage(list, message('m3')).map((m) => m.messageId)).toEqual(['m1', 'm2', 'm3']);
    expect(mergeSavedMessage(undefined, message('m3'))).toHaveLength(1);
  });
});

describe('a new template in the editor', () => {
  const start = { boxes: [{ id: 'top', caption: '', x: 60, y: 80, w: 960, h: 300 }] };

  it('opens the picture with the starting boxes, filled in as the editor reads them', () => {
    const source = sourceForNewTemplate('blob:http://x/1', 'en', start);
    expect(source.pictureUrl).toBe('blob:http://x/1');
    expect(source.document).toEqual({
      layout: 'classic',
      boxes: [expect.objectContaining({ id: 'top', rotation: 0 })],
    });
    // No meme is made of it: Save goes to the editor's onSave.
    expect(() => editBody(source, source.document)).toThrow();
  });

  it('keeps the drawn boxes and names the layout only when it is the modern one', () => {
    const boxes = sourceForNewTemplate('/images/u1/f1', 'en', start).document.boxes;
    expect(templateShape({ boxes, layout: 'classic' })).toEqual({ boxes });
    expect(templateShape({ boxes, layout: 'modern', barHeight: 300 })).toEqual({ boxes, layout: 'modern' });
  });
});
