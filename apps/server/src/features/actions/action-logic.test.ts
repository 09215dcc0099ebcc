import { describe, expect, it } from 'vitest';
import { isActionDomainAllowed } from './action-domains.js';
import { authHeaders, EXPIRED_TOKEN_MESSAGE, NO_TOKEN_MESSAGE, planActionRequest } from './action-executor.js';
import { createOAuthState, readOAuthState } from './action-oauth.js';
import { parseActionSpec, type ActionOperation } from './action-spec.js';

const op = (fields: Partial<ActionOperation>): ActionOperation => ({
  operationId: 'op',
  description: '',
  method: 'post',
  path: '/items/{id}',
  params: [{ name: 'id', in: 'path' }],
  isWholeBody: false,
  inputSchema: { type: 'object' },
  ...fields,
});

describe('planActionRequest', () => {
  it('places path, query, header and cookie params, the rest in a JSON body; auth wins over a same-named argument', () => {
    const plan = planActionRequest(
      'https://api.example.com/v1',
      op({ params: [{ name: 'id', in: 'path' }, { name: 'tags', in: 'query' }, { name: 'X-Req', in: 'header' }, { name: 'sid', in: 'cookie' }], bodyContentType: 'application/json' }),
      { id: 'a b', tags: ['x', 'y'], 'X-Req': 7, sid: 's=1', name: 'n', Authorization: 'forged' },
      { Authorization: 'Bearer real' },
    );
    expect(plan).toEqual({
      url: 'https://api.example.com/v1/items/a%20b?tags=x&tags=y',
      method: 'POST',
      headers: { 'X-Req': '7', Cookie: 'sid=s%3D1', 'Content-Type': 'application/json', Authorization: 'Bearer real' },
      body: '{"name":"n","Authorization":"forged"}',
    });
  });

  it('sends a form body, a whole (non-object) body, and a GET’s leftovers as query', () => {
    expect(planActionRequest('https://h', op({ bodyContentType: 'application/x-www-form-urlencoded' }), { id: '1', a: 'b c' }, {}).body).toBe('a=b+c');
    expect(planActionRequest('https://h', op({ bodyContentType: 'application/json', isWholeBody: true }), { id: '1', body: [1, 2] }, {}).body).toBe('[1,2]');
    expect(planActionRequest('https://h', op({ method: 'get' }), { id: '1', q: 'x' }, {}).url).toBe('https://h/items/1?q=x');
  });

  it('fails an unsupported HTTP method (SPEC 8)', () => {
    expect(() => planActionRequest('https://h', op({ method: 'head' }), {}, {})).toThrow('Unsupported HTTP method: head');
  });
});

describe('authHeaders', () => {
  it('none adds nothing; OAuth without a token or with an expired one fails with SPEC 8’s messages', () => {
    expect(authHeaders({ type: 'none' }, { apiKey: 'k' })).toEqual({});
    expect(() => authHeaders({ type: 'oauth' }, {})).toThrow(NO_TOKEN_MESSAGE);
    expect(() => authHeaders({ type: 'oauth' }, { token: { access_token: 't', expires_at: 1000 } }, 1000)).toThrow(EXPIRED_TOKEN_MESSAGE);
    expect(authHeaders({ type: 'oauth' }, { token: { access_token: 't', expires_at: 1001 } }, 1000)).toEqual({ Authorization: 'Bearer t' });
  });
});

describe('isActionDomainAllowed', () => {
  it('allows every domain without a list, else exact hosts, subdomain wildcards and schemes', () => {
    expect(isActionDomainAllowed('https://any.where', undefined)).toBe(true);
    const list = ['api.example.com', '*.example.net', 'https://secure.example.org'];
    expect(isActionDomainAllowed('https://api.example.com/v1', list)).toBe(true);
    expect(isActionDomainAllowed('https://api.example.com.evil.io', list)).toBe(false);
    expect(isActionDomainAllowed('https://a.b.example.net', list)).toBe(true);
    expect(isActionDomainAllowed('https://example.net', list)).toBe(false);
    expect(isActionDomainAllowed('https://badexample.net', list)).toBe(false);
    expect(isActionDomainAllowed('https://secure.example.org', list)).toBe(true);
    expect(isActionDomainAllowed('http://secure.example.org', list)).toBe(false);
  });
});

describe('OAuth state', () => {
  it('names the user and action, and is refused when changed, signed with another key or expired', () => {
    const state = createOAuthState('k1', 'user-1', 'act-1', 1_000);
    expect(readOAuthState('k1', state, 2_000)).toEqual({ userId: 'user-1', actionId: 'act-1' });
    expect(readOAuthState('k2', state, 2_000)).toBeUndefined();
    const [body, mac] = state.split('.');
    const forged = Buffer.from(JSON.stringify({ u: 'user-2', a: 'act-1', e: 9e12 })).toString('base64url');
    expect(readOAuthState('k1', `${forged}.${mac}`, 2_000)).toBeUndefined();
    expect(readOAuthState('k1', `${body}.${mac}`, 1_000 + 11 * 60_000)).toBeUndefined();
  });
});

describe('parseActionSpec', () => {
  it('reads YAML, fills server variables and names operations without an operationId as LibreChat does', async () => {
    const spec = await parseActionSpec(`
openapi: 3.1.0
info: { title: T, version: '1' }
servers: [{ url: 'https://{region}.api.example.com/v2', variables: { region: { default: eu } } }]
paths:
  /things/{id}:
    delete:
      parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
      responses: { '204': { description: gone } }
`);
    expect(spec).toMatchObject({ serverUrl: 'https://eu.api.example.com/v2', domain: 'eu.api.example.com' });
    expect(spec.operations).toEqual([expect.objectContaining({ operationId: 'delete_thingsid', method: 'delete', path: '/things/{id}' })]);
  });

  it('refuses Swagger 2, no servers, and a spec without operations', async () => {
    await expect(parseActionSpec('{"swagger":"2.0"}')).rejects.toThrow('Only OpenAPI 3 specs are supported');
    await expect(parseActionSpec('{"openapi":"3.0.0","info":{"title":"t","version":"1"},"paths":{"/a":{"get":{"responses":{"200":{"description":"ok"}}}}}}')).rejects.toThrow(
      'Could not find a valid URL in `servers`',
    );
    await expect(parseActionSpec('{"openapi":"3.0.0","info":{"title":"t","version":"1"},"servers":[{"url":"https://h"}],"paths":{}}')).rejects.toThrow(
      'No paths found in the OpenAPI spec.',
    );
  });
});
