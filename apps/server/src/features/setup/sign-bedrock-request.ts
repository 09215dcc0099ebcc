import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for one body-less GET to Bedrock's control plane (the connection
 * test's ListFoundationModels). Done with node:crypto rather than another AWS package: a GET
 * without a body needs only the canonical request, the scope and the key derivation below.
 */
export interface BedrockSigningInput {
  url: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  now: Date;
}

const SERVICE = 'bedrock';
const EMPTY_BODY_SHA256 = createHash('sha256').update('').digest('hex');

const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string): Buffer => createHmac('sha256', key).update(text, 'utf8').digest();

/** RFC 3986 strict: encodeURIComponent leaves !'()* alone, AWS does not. */
const encodeStrict = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Every service but S3 encodes the (already encoded) path once more, segment by segment. */
const canonicalPath = (pathname: string): string => pathname.split('/').map(encodeStrict).join('/');

function canonicalQuery(params: URLSearchParams): string {
  return [...params]
    .map(([key, value]) => `${encodeStrict(key)}=${encodeStrict(value)}`)
    .sort()
    .join('&');
}

/** The headers to send (fetch adds `host` itself, which is signed as the URL's host). */
export function signBedrockListRequest(input: BedrockSigningInput): Record<string, string> {
  const url = new URL(input.url);
  const amzDate = input.now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const signedHeaders = 'host;x-amz-date';
  const canonicalRequest = [
    'GET',
    canonicalPath(url.pathname),
    canonicalQuery(url.searchParams),
    `host:${url.host}\nx-amz-date:${amzDate}\n`,
    signedHeaders,
    EMPTY_BODY_SHA256,
  ].join('\n');
  const scope = `${day}/${input.region}/${SERVICE}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const dayKey = hmac(`AWS4${input.credentials.secretAccessKey}`, day);
  const signingKey = hmac(hmac(hmac(dayKey, input.region), SERVICE), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return {
    'x-amz-date': amzDate,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
