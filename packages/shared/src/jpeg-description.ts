/**
 * A JPEG's description (a meme's alt text, issue 39) written into its metadata, the same bytes
 * on the server (the stored meme) and in the browser (the download): an EXIF APP1 segment with
 * ImageDescription, and an XMP APP1 packet with dc:description and IPTC's AltTextAccessibility,
 * the field made for alt text. Pure bytes work: Uint8Array in, Uint8Array out.
 */

const EXIF_HEADER = 'Exif\0\0';
const XMP_HEADER = 'http://ns.adobe.com/xap/1.0/\0';
/** A segment's length field counts itself: at most 65535, so 65533 bytes of payload. */
const MAX_SEGMENT_PAYLOAD = 65533;
/** Far above any alt text, and safely under one segment even in four-byte UTF-8 characters. */
const MAX_DESCRIPTION_CHARS = 4000;
const IMAGE_DESCRIPTION_TAG = 0x010e;
const ASCII_TYPE = 2;

const encoder = new TextEncoder();

function bytesOf(text: string): Uint8Array {
  return encoder.encode(text);
}

function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** An APP1 segment: marker, big-endian length (which counts itself), payload. */
function app1(payload: Uint8Array): Uint8Array {
  if (payload.length > MAX_SEGMENT_PAYLOAD) throw new Error('JPEG metadata segment too large');
  const head = new Uint8Array([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]);
  return concat([head, payload]);
}

/**
 * EXIF with one IFD0 entry, ImageDescription. Its type is ASCII; the text is written as UTF-8
 * (what exiftool and the browsers' readers assume), NUL-terminated.
 */
function exifSegment(description: string): Uint8Array {
  const text = concat([bytesOf(description), new Uint8Array([0])]);
  const ifdOffset = 8;
  const dataOffset = ifdOffset + 2 + 12 + 4;
  // A value of four bytes or fewer sits in the entry itself (TIFF 6.0); a longer one after the IFD.
  const isInline = text.length <= 4;
  const tiff = new Uint8Array(isInline ? dataOffset : dataOffset + text.length);
  const view = new DataView(tiff.buffer);
  tiff.set([0x4d, 0x4d, 0x00, 0x2a]); // "MM", 42: big-endian TIFF
  view.setUint32(4, ifdOffset);
  view.setUint16(ifdOffset, 1); // one entry
  view.setUint16(ifdOffset + 2, IMAGE_DESCRIPTION_TAG);
  view.setUint16(ifdOffset + 4, ASCII_TYPE);
  view.setUint32(ifdOffset + 6, text.length);
  if (isInline) tiff.set(text, ifdOffset + 10);
  else {
    view.setUint32(ifdOffset + 10, dataOffset);
    tiff.set(text, dataOffset);
  }
  // The next IFD's offset (ifdOffset + 14) stays 0: there is none.
  return app1(concat([bytesOf(EXIF_HEADER), tiff]));
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One language-alternative value (`x-default`), as XMP writes text a reader may localise. */
const altValue = (text: string) => `<rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(text)}</rdf:li></rdf:Alt>`;

function xmpSegment(description: string): Uint8Array {
  const packet =
    '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>' +
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"' +
    ' xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/">' +
    `<dc:description>${altValue(description)}</dc:description>` +
    `<Iptc4xmpCore:AltTextAccessibility>${altValue(description)}</Iptc4xmpCore:AltTextAccessibility>` +
    '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>';
  return app1(concat([bytesOf(XMP_HEADER), bytesOf(packet)]));
}

function startsWith(bytes: Uint8Array, at: number, prefix: string): boolean {
  const expected = bytesOf(prefix);
  if (at + expected.length > bytes.length) return false;
  return expected.every((b, i) => bytes[at + i] === b);
}

/**
 * The JPEG with `description` in its metadata. The new segments follow the SOI and any JFIF APP0
 * (readers expect JFIF first); EXIF or XMP segments already there are dropped, so writing twice
 * leaves one description. Anything that is not a JPEG (or ends early) is refused with an error.
 */
export function withJpegDescription(jpeg: Uint8Array, description: string): Uint8Array<ArrayBuffer> {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG');
  const text = description.slice(0, MAX_DESCRIPTION_CHARS).replace(/\0/g, '');
  const kept: Uint8Array[] = [];
  let insertAt = 0;
  let at = 2;
  // Walk the segments before the image data (SOS); the compressed data after it is kept as is.
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1] ?? 0;
    if (marker === 0xda) break; // SOS: the image data starts
    const length = ((jpeg[at + 2] ?? 0) << 8) | (jpeg[at + 3] ?? 0);
    const end = at + 2 + length;
    if (length < 2 || end > jpeg.length) throw new Error('a broken JPEG segment');
    const isOldMetadata =
      marker === 0xe1 && (startsWith(jpeg, at + 4, EXIF_HEADER) || startsWith(jpeg, at + 4, XMP_HEADER));
    if (!isOldMetadata) {
      kept.push(jpeg.subarray(at, end));
      if (marker === 0xe0 && insertAt === kept.length - 1) insertAt = kept.length;
    }
    at = end;
  }
  return concat([
    jpeg.subarray(0, 2),
    ...kept.slice(0, insertAt),
    exifSegment(text),
    xmpSegment(text),
    ...kept.slice(insertAt),
    jpeg.subarray(at),
  ]);
}
