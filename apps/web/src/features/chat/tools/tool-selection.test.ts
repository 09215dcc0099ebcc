import { beforeEach, describe, expect, it } from 'vitest';
import { installMemoryStorage } from '../../../lib/memory-storage.test-helper';
import {
  filterSelection,
  NO_TOOLS,
  readStoredSelection,
  removeAllStoredSelections,
  toEphemeralAgent,
  writeStoredSelection,
  type AllowedTools,
} from './tool-selection';
import { copyToolSelection, getToolSelection, setToolSelection, useToolSelectionStore } from './tool-selection-store';

const everything: AllowedTools = {
  execute_code: true,
  file_search: true,
  web_search: false,
  mcpServers: ['weather', 'files'],
};

beforeEach(() => {
  installMemoryStorage();
  useToolSelectionStore.setState({ byKey: {} });
});

describe('restoring the last-used tools', () => {
  it("reads LibreChat's keys: LAST_CODE_TOGGLE_, LAST_FILE_SEARCH_TOGGLE_, LAST_MCP_ per chat", () => {
    localStorage.setItem('LAST_CODE_TOGGLE_new', 'true');
    localStorage.setItem('LAST_FILE_SEARCH_TOGGLE_new', 'false');
    localStorage.setItem('LAST_MCP_new', JSON.stringify(['weather', 'weather', 7, '']));
    expect(readStoredSelection('new')).toEqual({ ...NO_TOOLS, execute_code: true, mcp: ['weather'] });
    expect(readStoredSelection('c1')).toEqual(NO_TOOLS);
  });

  it('reads a value it cannot parse as off', () => {
    localStorage.setItem('LAST_CODE_TOGGLE_new', '{not json');
    localStorage.setItem('LAST_MCP_new', '"weather"');
    expect(readStoredSelection('new')).toEqual(NO_TOOLS);
  });

  it('drops silently what the user may no longer use: a permission taken away, a server removed', () => {
    const remembered = { execute_code: true, file_search: true, web_search: true, mcp: ['gone', 'weather'] };
    expect(filterSelection(remembered, everything)).toEqual({
      execute_code: true,
      file_search: true,
      web_search: false,
      mcp: ['weather'],
    });
    const noCode = { ...everything, execute_code: false, mcpServers: [] };
    expect(filterSelection(remembered, noCode)).toEqual({ ...NO_TOOLS, file_search: true });
  });

  it('stores only what is on, so a browser keeps no key per conversation ever opened', () => {
    writeStoredSelection('c1', { ...NO_TOOLS, execute_code: true, mcp: ['weather'] });
    expect(localStorage.getItem('LAST_CODE_TOGGLE_c1')).toBe('true');
    expect(localStorage.getItem('LAST_MCP_c1')).toBe('["weather"]');
    writeStoredSelection('c1', NO_TOOLS);
    expect(localStorage.length).toBe(0);
  });

  it('forgets every chat’s tools at sign-out, and nothing else', () => {
    writeStoredSelection('new', { ...NO_TOOLS, file_search: true });
    writeStoredSelection('c1', { ...NO_TOOLS, mcp: ['files'] });
    localStorage.setItem('textDraft_c1', 'aGk=');
    removeAllStoredSelections();
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem('textDraft_c1')).toBe('aGk=');
  });
});

describe('the selection of a chat', () => {
  it('is also the last used: a new chat starts with the tools chosen in any conversation', () => {
    setToolSelection('c1', { ...NO_TOOLS, execute_code: true });
    expect(getToolSelection('c1').execute_code).toBe(true);
    expect(readStoredSelection('new').execute_code).toBe(true);
    setToolSelection('new', { ...NO_TOOLS, mcp: ['weather'] });
    // A new chat's choice is not another conversation's.
    expect(getToolSelection('c1')).toEqual({ ...NO_TOOLS, execute_code: true });
  });

  it("goes with a new chat once it is a conversation, and stays the next new chat's", () => {
    setToolSelection('new', { ...NO_TOOLS, file_search: true, mcp: ['files'] });
    copyToolSelection('new', 'c2');
    expect(readStoredSelection('c2')).toEqual({ ...NO_TOOLS, file_search: true, mcp: ['files'] });
    expect(getToolSelection('new')).toEqual({ ...NO_TOOLS, file_search: true, mcp: ['files'] });
  });
});

describe('the ephemeralAgent payload', () => {
  it("is LibreChat's shape, and absent with no tool on (the chat stays a plain one)", () => {
    expect(toEphemeralAgent(NO_TOOLS)).toBeUndefined();
    expect(toEphemeralAgent({ ...NO_TOOLS, execute_code: true })).toEqual({ mcp: [], execute_code: true });
    expect(toEphemeralAgent({ ...NO_TOOLS, file_search: true, mcp: ['weather'] })).toEqual({
      mcp: ['weather'],
      execute_code: false,
      file_search: true,
    });
  });
});
