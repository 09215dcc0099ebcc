import { describe, expect, it } from 'vitest';
import { EMPTY_AUTH, readSpecServer, toActionMetadata, validateAuth } from './action-spec';

const json = JSON.stringify({ openapi: '3.1.0', servers: [{ url: 'https://api.example.com/v1' }], paths: {} });
const yaml = `openapi: 3.1.0\ninfo:\n  title: x\nservers:\n  - url: https://weather.example.org\npaths: {}\n`;

describe('readSpecServer', () => {
  it('reads the first server of a JSON or YAML spec', () => {
    expect(readSpecServer(json)).toEqual({ url: 'https://api.example.com/v1' });
    expect(readSpecServer(yaml)).toEqual({ url: 'https://weather.example.org/' });
  });
  it('names what is wrong with a bad paste', () => {
    expect(readSpecServer('  ')).toEqual({ problem: 'spec_required' });
    expect(readSpecServer('{nope')).toEqual({ problem: 'spec_invalid' });
    expect(readSpecServer('hello: world')).toEqual({ problem: 'spec_invalid' });
    expect(readSpecServer('{"openapi":"3.0.0"}')).toEqual({ problem: 'spec_no_server' });
  });
});

describe('action auth', () => {
  it('asks for a key (and a header name for a custom header) on service_http', () => {
    expect(validateAuth({ ...EMPTY_AUTH, type: 'service_http' }, false)).toEqual(['api_key_required']);
    expect(validateAuth({ ...EMPTY_AUTH, type: 'service_http', scheme: 'custom', apiKey: 'k' }, false)).toEqual([
      'header_required',
    ]);
    expect(validateAuth({ ...EMPTY_AUTH, type: 'service_http' }, true)).toEqual([]);
  });
  it('asks for the OAuth URLs and client', () => {
    expect(validateAuth({ ...EMPTY_AUTH, type: 'oauth' }, false)).toEqual(['oauth_urls_required', 'oauth_client_required']);
  });
  it('builds LibreChat metadata with the domain and the auth', () => {
    const metadata = toActionMetadata(json, 'https://api.example.com/v1', {
      ...EMPTY_AUTH,
      type: 'service_http',
      scheme: 'custom',
      customHeader: 'X-Api-Key',
      apiKey: ' s3cret ',
    });
    expect(metadata).toEqual({
      raw_spec: json,
      domain: 'api.example.com',
      auth: { type: 'service_http', authorization_type: 'custom', custom_auth_header: 'X-Api-Key' },
      api_key: 's3cret',
    });
  });
});
