import type { StartupConfig } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { allowedToolsFor, type ToolRulesInput } from './allowed-tools';
import { NONE_ALLOWED } from './tool-selection';

const startupConfig = {
  interface: { runCode: true },
  mcpServers: { weather: { customUserVars: {} }, internal: { chatMenu: false, customUserVars: {} } },
} as unknown as StartupConfig;

const base: ToolRulesInput = {
  endpoint: 'openAI',
  isAgentChat: false,
  permissions: { AGENTS: { USE: true }, RUN_CODE: { USE: true } },
  startupConfig,
  hasEndpoints: true,
  agentsEndpoint: { capabilities: ['execute_code', 'file_search', 'tools'] },
};

describe('the tools a plain chat may turn on', () => {
  it('are code execution, file search and the MCP servers meant for the chat menu', () => {
    expect(allowedToolsFor(base)).toEqual({
      execute_code: true,
      file_search: true,
      web_search: false,
      mcpServers: ['weather'],
    });
  });

  it('offer web search with the capability, a configured provider, interface.webSearch and WEB_SEARCH USE', () => {
    const searching = { ...startupConfig, webSearch: { enabled: true, provider: 'searxng', requiresUserKey: false } };
    const permissions = { AGENTS: { USE: true }, RUN_CODE: { USE: true }, WEB_SEARCH: { USE: true } };
    const on = { ...base, startupConfig: searching, permissions, agentsEndpoint: undefined };
    expect(allowedToolsFor(on)?.web_search).toBe(true);
    expect(allowedToolsFor({ ...on, agentsEndpoint: { capabilities: ['tools'] } })?.web_search).toBe(false);
    expect(allowedToolsFor({ ...on, startupConfig })?.web_search).toBe(false);
    const interfaceOff = { ...searching, interface: { ...searching.interface, webSearch: false } };
    expect(allowedToolsFor({ ...on, startupConfig: interfaceOff })?.web_search).toBe(false);
    expect(allowedToolsFor({ ...on, permissions: { ...permissions, WEB_SEARCH: { USE: false } } })?.web_search).toBe(
      false,
    );
  });

  it('are unknown until the role, the startup config and the endpoints have answered', () => {
    expect(allowedToolsFor({ ...base, permissions: undefined })).toBeNull();
    expect(allowedToolsFor({ ...base, startupConfig: undefined })).toBeNull();
    expect(allowedToolsFor({ ...base, hasEndpoints: false })).toBeNull();
  });

  it('leave out code without RUN_CODE USE or with interface.runCode off', () => {
    expect(
      allowedToolsFor({ ...base, permissions: { AGENTS: { USE: true }, RUN_CODE: { USE: false } } })?.execute_code,
    ).toBe(false);
    const runCodeOff = { ...startupConfig, interface: { ...startupConfig.interface, runCode: false } };
    expect(allowedToolsFor({ ...base, startupConfig: runCodeOff })?.execute_code).toBe(false);
  });

  it('follow the agents capabilities, and LibreChat’s defaults when none are configured', () => {
    expect(allowedToolsFor({ ...base, agentsEndpoint: { capabilities: ['tools'] } })).toMatchObject({
      execute_code: false,
      file_search: false,
    });
    expect(allowedToolsFor({ ...base, agentsEndpoint: undefined })).toMatchObject({
      execute_code: true,
      file_search: true,
    });
  });

  it('are none where the server would refuse the agents chat or the chat has tools of its own', () => {
    expect(allowedToolsFor({ ...base, permissions: { AGENTS: { USE: false }, RUN_CODE: { USE: true } } })).toEqual(
      NONE_ALLOWED,
    );
    expect(allowedToolsFor({ ...base, agentsEndpoint: { allowedProviders: ['anthropic'] } })).toEqual(NONE_ALLOWED);
    expect(allowedToolsFor({ ...base, isAgentChat: true })).toEqual(NONE_ALLOWED);
    for (const endpoint of ['agents', 'assistants', 'gptPlugins', null])
      expect(allowedToolsFor({ ...base, endpoint })).toEqual(NONE_ALLOWED);
  });
});
