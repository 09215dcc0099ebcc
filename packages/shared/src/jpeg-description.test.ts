import { describe, expect, it } from 'vitest';
import { withJpegDescription } from './jpeg-description.js';

/** A JPEG's segments before its image data: marker and payload. */
function segments(jpeg: Uint8Array): { marker: number; payload: Uint8Array }[] {
  const found = [];
  let at = 2;
  while (jpeg[at] === 0xff && jpeg[at + 1] !== 0xda) {
    const length = (jpeg[at + 2]! << 8) | jpeg[at + 3]!;
    found.push({ marker: jpeg[at + 1]!, payload: jpeg.subarray(at + 4, at + 2 + length) });
    at += 2 + length;
  }
  return found;
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** ImageDescription from an EXIF payload, read as a reader would: byte order, IFD0, the entry's offset. */
function exifDescription(payload: Uint8Array): string | undefined {
  const tiff = payload.subarray(6);
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const little = tiff[0] === 0x49;
  const ifd = view.getUint32(4, little);
  for (let i = 0; i < view.getUint16(ifd, little); i++) {
    const entry = ifd + 2 + i * 12;
    if (view.getUint16(entry, little) !== 0x010e) continue;
    const count = view.getUint32(entry + 4, little);
    const at = count <= 4 ? entry + 8 : view.getUint32(entry + 8, little);
    return text(tiff.subarray(at, at + count - 1));
  }
  return undefined;
}

function readBack(jpeg: Uint8Array) {
  const all = segments(jpeg);
  const exif = all.filter((s) => s.marker === 0xe1 && text(s.payload.subarray(0, 6)) === 'Exif\0\0');
  const xmp = all.filter((s) => s.marker === 0xe1 && text(s.payload).startsWith('http://ns.adobe.com/xap/1.0/\0'));
  return { all, exif, xmp };
}

/** A tiny JPEG-shaped stream: SOI, JFIF APP0, a DQT, then SOS, "image data" and EOI. */
const jfif = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x07, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xdb, 0x00, 0x04, 0x01, 0x02, 0xff, 0xda,
  0x00, 0x04, 0x09, 0x09, 0x55, 0x66, 0xff, 0xd9,
]);

describe('withJpegDescription', () => {
  it('writes the description to EXIF and XMP after JFIF, keeping every other byte', () => {
    const description = 'Meme: a caf\u00e9 \u2014 Top caption: \u201c<b>&\u201d. \u732b';
    const out = withJpegDescription(jfif, description);
    const { all, exif, xmp } = readBack(out);
    expect(all.map((s) => s.marker)).toEqual([0xe0, 0xe1, 0xe1, 0xdb]);
    expect(exif.map((s) => exifDescription(s.payload))).toEqual([description]);
    expect(xmp).toHaveLength(1);
    const packet = text(xmp[0]!.payload);
    expect(packet).toContain('<dc:description><rdf:Alt><rdf:li xml:lang="x-default">');
    expect(packet).toContain('Iptc4xmpCore:AltTextAccessibility');
    // Escaped in XML: the description cannot close the element or add markup.
    expect(packet).toContain('&#60;b&#62;&#38;');
    expect(packet).not.toContain('<b>');
    // The image data after SOS is the input's, byte for byte.
    expect([...out.subarray(out.length - 10)]).toEqual([...jfif.subarray(jfif.length - 10)]);
  });

  it('replaces an earlier description instead of adding a second, and places it first without JFIF', () => {
    const once = withJpegDescription(jfif, 'first');
    const twice = withJpegDescription(once, 'second');
    const { exif, xmp } = readBack(twice);
    expect(exif.map((s) => exifDescription(s.payload))).toEqual(['second']);
    expect(xmp).toHaveLength(1);
    // Written three times: EXIF, dc:description and AltTextAccessibility; nothing of the first is left.
    expect(twice.length - once.length).toBe(3 * ('second'.length - 'first'.length));

    const bare = new Uint8Array([0xff, 0xd8, ...jfif.subarray(11)]);
    expect(readBack(withJpegDescription(bare, 'ab')).all.map((s) => s.marker)).toEqual([0xe1, 0xe1, 0xdb]);
    expect(exifDescription(readBack(withJpegDescription(bare, 'ab')).exif[0]!.payload)).toBe('ab');
  });

  it('refuses what is not a JPEG', () => {
    expect(() => withJpegDescription(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'x')).toThrow(/not a JPEG/);
    expect(() => withJpegDescription(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x40, 0x00]), 'x')).toThrow(/broken/);
  });
});
