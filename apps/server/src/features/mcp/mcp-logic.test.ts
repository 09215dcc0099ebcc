import { describe, expect, it } from 'vitest';
import { mapMcpResult } from './map-mcp-result.js';
import { fillPlaceholders, isUserInfluenced } from './mcp-placeholders.js';

const user = { id: 'u1', email: 'a@example.com', vars: { TOKEN: '${JWT_SECRET} {{LIBRECHAT_USER_ID}}' } };
const vars = new Set(['TOKEN', 'HOST']);

describe('MCP placeholders', () => {
  it('fills the user’s id, email and customUserVars in one pass; a user value is never expanded again', () => {
    expect(fillPlaceholders('id={{LIBRECHAT_USER_ID}} mail={{LIBRECHAT_USER_EMAIL}} t={{TOKEN}} h={{HOST}} x={{OTHER}}', user, vars)).toBe(
      'id=u1 mail=a@example.com t=${JWT_SECRET} {{LIBRECHAT_USER_ID}} h= x={{OTHER}}',
    );
  });

  it('a URL is user-influenced by customUserVars or the user’s chosen details, not by the server-made id', () => {
    expect(isUserInfluenced('https://{{HOST}}/mcp', vars)).toBe(true);
    expect(isUserInfluenced('https://h/{{LIBRECHAT_USER_EMAIL}}', vars)).toBe(true);
    expect(isUserInfluenced('https://h/{{LIBRECHAT_USER_ID}}', vars)).toBe(false);
    expect(isUserInfluenced('https://h/mcp', vars)).toBe(false);
  });
});

describe('mapMcpResult', () => {
  it('maps text, resources and structured content; isError becomes an error output', () => {
    expect(mapMcpResult({ content: [{ type: 'resource', resource: { uri: 'file:///a', text: 'inside' } }, { type: 'resource', resource: { uri: 'file:///b', mimeType: 'image/png' } }] })).toEqual({
      parts: [
        { type: 'text', text: 'inside' },
        { type: 'text', text: 'Resource: file:///b (image/png)' },
      ],
    });
    expect(mapMcpResult({ content: [], structuredContent: { a: 1 } })).toEqual({ parts: [{ type: 'text', text: '{"a":1}' }] });
    expect(mapMcpResult({ isError: true, content: [] })).toEqual({ isError: true, parts: [{ type: 'text', text: 'the tool reported an error' }] });
  });
});
