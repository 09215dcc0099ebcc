import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Checks an AWS Signature Version 4 `Authorization` header the way AWS does: rebuild the
 * canonical request from what arrived, sign it with the secret, compare. Enough of SigV4 for
 * a JSON POST (no presigned query, no chunked payload).
 */

export type SigV4Result = 'ok' | 'missing' | 'unknown_key' | 'bad_signature';

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/;

const sha256Hex = (data: string): string => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding of one path, as AWS canonicalises it (every segment encoded again, except for S3). */
function canonicalPath(pathname: string): string {
  const once = encodeURIComponent(pathname.replace(/\/+/g, '/')).replace(/%2F/g, '/');
  return once.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function canonicalQuery(query: URLSearchParams): string {
  const encode = (v: string) =>
    encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return [...query]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

export function verifySigV4(input: {
  method: string;
  pathname: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
}): SigV4Result {
  const match = AUTH.exec(String(input.headers.authorization ?? ''));
  if (!match) return 'missing';
  const [accessKeyId = '', date = '', region = '', service = '', signedHeaders = '', signature = ''] = match.slice(1);
  if (accessKeyId !== input.credentials.accessKeyId) return 'unknown_key';
  const datetime = String(input.headers['x-amz-date'] ?? '');
  const names = signedHeaders.split(';');
  const canonicalHeaders = names
    .map(
      (name) =>
        `${name}:${String(input.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const payloadHash =
    typeof input.headers['x-amz-content-sha256'] === 'string'
      ? input.headers['x-amz-content-sha256']
      : sha256Hex(input.body);
  const canonicalRequest = [
    input.method,
    canonicalPath(input.pathname),
    canonicalQuery(input.query),
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', datetime, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.credentials.secretAccessKey}`, date), region), service), 'aws4_request');
  const expected = createHmac('sha256', key).update(stringToSign, 'utf8').digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'ok' : 'bad_signature';
}
