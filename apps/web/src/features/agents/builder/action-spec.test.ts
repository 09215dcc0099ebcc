import { describe, expect, it } from 'vitest';
import { EMPTY_AUTH, readSpec, toActionFunctions, toActionMetadata, validateAuth } from './action-spec';

const json = JSON.stringify({
  openapi: '3.1.0',
  servers: [{ url: 'https://api.example.com/v1' }],
  paths: { '/weather': { get: { operationId: 'getWeather' }, parameters: [] }, '/x': { post: { operationId: 'postX' } } },
});
const yaml = [
  'openapi: 3.1.0',
  'info:',
  '  title: x',
  'servers:',
  '  - url: https://weather.example.org',
  'paths:',
  '  /forecast:',
  '    get:',
  "      operationId: 'getForecast'",
  '',
].join('\n');

describe('readSpec', () => {
  it('reads the first server and the operations of a JSON or YAML spec', () => {
    expect(readSpec(json)).toEqual({ url: 'https://api.example.com/v1', operations: ['getWeather', 'postX'] });
    expect(readSpec(yaml)).toEqual({ url: 'https://weather.example.org/', operations: ['getForecast'] });
  });
  it('names what is wrong with a bad paste', () => {
    expect(readSpec('  ')).toEqual({ problem: 'spec_required' });
    expect(readSpec('{nope')).toEqual({ problem: 'spec_invalid' });
    expect(readSpec('hello: world')).toEqual({ problem: 'spec_invalid' });
    expect(readSpec('{"openapi":"3.0.0"}')).toEqual({ problem: 'spec_no_server' });
    expect(readSpec('{"openapi":"3.0.0","servers":[{"url":"https://a.example"}],"paths":{}}')).toEqual({
      problem: 'spec_no_operations',
    });
  });
  it('sends one function per operation', () => {
    expect(toActionFunctions(['getWeather'])).toEqual([
      { type: 'function', function: { name: 'getWeather', parameters: { type: 'object', properties: {} } } },
    ]);
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
