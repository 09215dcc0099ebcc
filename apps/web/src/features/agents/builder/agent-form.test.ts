import { MEME_AGENT_ID } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import type { Agent } from '../agents-api';
import {
  agentToForm,
  canEditAgent,
  emptyForm,
  formToInput,
  groupTools,
  needsAuth,
  validateForm,
  withActionTools,
} from './agent-form';

const agent: Agent = {
  id: 'agent_x',
  name: 'Echo',
  description: null,
  instructions: 'Be brief',
  provider: 'openAI',
  model: 'gpt-4o',
  model_parameters: { temperature: 0.3, bogus: 'x' },
  tools: ['slow_echo_mcp_test'],
  conversation_starters: ['a', 'b', 'c', 'd', 'e'],
  projectIds: ['instance'],
  author: 'u1',
};

describe('agent form', () => {
  it('reads an agent: known numeric parameters only, at most 4 starters, shared when in the instance project', () => {
    const form = agentToForm(agent);
    expect(form.parameters).toEqual({ temperature: 0.3 });
    expect(form.starters).toEqual(['a', 'b', 'c', 'd']);
    expect(form.isSharedGlobally).toBe(true);
  });

  it('writes trimmed fields, drops blank starters and adds file_search when files are attached', () => {
    const form = { ...emptyForm('openAI', 'gpt-4o'), name: '  Bot ', starters: [' hi ', '  ', 'yo'], fileIds: ['f1'] };
    const input = formToInput(form, { canShareGlobal: false, wasShared: false });
    expect(input).toMatchObject({ name: 'Bot', description: null, conversation_starters: ['hi', 'yo'] });
    expect(input.tools).toEqual(['file_search']);
    expect(input.tool_resources).toEqual({ file_search: { file_ids: ['f1'] } });
  });

  it('sends sharing only with SHARED_GLOBAL and only when it changed', () => {
    const shared = { ...emptyForm('openAI', 'm'), isSharedGlobally: true };
    expect(formToInput(shared, { canShareGlobal: false, wasShared: false }).projectIds).toBeUndefined();
    expect(formToInput(shared, { canShareGlobal: true, wasShared: false }).projectIds).toEqual(['instance']);
    expect(formToInput(shared, { canShareGlobal: true, wasShared: true }).projectIds).toBeUndefined();
    const unshared = { ...shared, isSharedGlobally: false };
    expect(formToInput(unshared, { canShareGlobal: true, wasShared: true }).removeProjectIds).toEqual(['instance']);
  });

  it('keeps the action tools the server has, whatever the form held', () => {
    expect(withActionTools(['a', 'old_action_x_com'], ['a', 'getW_action_api_example_com'])).toEqual([
      'a',
      'getW_action_api_example_com',
    ]);
    expect(withActionTools(['a'], undefined)).toEqual(['a']);
  });

  it('needs a provider and a model', () => {
    expect(validateForm(emptyForm())).toEqual(['name_required', 'provider_required', 'model_required']);
    expect(validateForm({ ...emptyForm('openAI', 'gpt-4o'), name: '   ' })).toEqual(['name_required']);
    expect(validateForm({ ...emptyForm('openAI', 'gpt-4o'), name: 'Bot' })).toEqual([]);
  });

  it('groups tools: built-in first, then MCP servers by name', () => {
    const groups = groupTools([
      { name: 'b', pluginKey: 'b_mcp_zeta' },
      { name: 'Search', pluginKey: 'web_search' },
      { name: 'a', pluginKey: 'a_mcp_alpha' },
    ]);
    expect(groups.map((g) => [g.server, g.tools.map((t) => t.pluginKey)])).toEqual([
      [null, ['web_search']],
      ['alpha', ['a_mcp_alpha']],
      ['zeta', ['b_mcp_zeta']],
    ]);
  });

  it('asks for auth when a tool has fields and is not authenticated', () => {
    const fields = [{ authField: 'KEY', label: 'Key' }];
    expect(needsAuth({ name: 't', pluginKey: 't', authConfig: fields })).toBe(true);
    expect(needsAuth({ name: 't', pluginKey: 't', authConfig: fields, authenticated: true })).toBe(false);
    expect(needsAuth({ name: 't', pluginKey: 't' })).toBe(false);
  });

  it('lets the author, an admin or anyone on a collaborative agent edit', () => {
    expect(canEditAgent(agent, 'u1', false)).toBe(true);
    expect(canEditAgent(agent, 'u2', false)).toBe(false);
    expect(canEditAgent(agent, 'u2', true)).toBe(true);
    expect(canEditAgent({ ...agent, isCollaborative: true }, 'u2', false)).toBe(true);
    expect(canEditAgent({ ...agent, id: MEME_AGENT_ID, author: 'system' }, 'u2', true)).toBe(false);
  });
});
