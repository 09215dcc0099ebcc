import { describe, expect, it } from 'vitest';
import { formatToolText, getSignInUrl, getToolCallStatus, parseToolName } from './tool-call-status';

describe('getToolCallStatus', () => {
  it('runs below progress 1 while submitting, is done at 1', () => {
    expect(getToolCallStatus({ progress: 0.1 }, true)).toBe('running');
    expect(getToolCallStatus({ progress: 1, output: 'ok' }, true)).toBe('done');
    expect(getToolCallStatus({ progress: 1, output: 'ok' }, false)).toBe('done');
  });
  it('is an error when the reply stopped before progress 1', () => {
    expect(getToolCallStatus({ progress: 0.1 }, false)).toBe('error');
    expect(getToolCallStatus({}, false)).toBe('error');
  });
  it('is an error when the output says "error processing tool", in any case', () => {
    expect(getToolCallStatus({ progress: 1, output: 'Error processing tool slow_echo: boom' }, false)).toBe('error');
    expect(getToolCallStatus({ progress: 1, output: 'ERROR PROCESSING TOOL' }, true)).toBe('error');
    expect(getToolCallStatus({ progress: 1, output: 'no error here' }, false)).toBe('done');
  });
});

describe('parseToolName', () => {
  it('splits MCP tools into tool and server', () => {
    expect(parseToolName('slow_echo_mcp_test-server')).toEqual({ tool: 'slow_echo', server: 'test-server' });
    expect(parseToolName('web_search')).toEqual({ tool: 'web_search', server: null });
    expect(parseToolName('_mcp_x')).toEqual({ tool: '_mcp_x', server: null });
  });
});

describe('formatToolText', () => {
  it('pretty-prints JSON and leaves partial JSON as it is', () => {
    expect(formatToolText('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(formatToolText('{"a":')).toBe('{"a":');
    expect(formatToolText('plain')).toBe('plain');
  });
});

describe('getSignInUrl', () => {
  it('shows an http(s) sign-in link only while running', () => {
    expect(getSignInUrl({ auth: 'https://idp.example/a' }, 'running')).toBe('https://idp.example/a');
    expect(getSignInUrl({ auth: 'https://idp.example/a' }, 'done')).toBeNull();
    expect(getSignInUrl({ auth: 'javascript:alert(1)' }, 'running')).toBeNull();
  });
});
