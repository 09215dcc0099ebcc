import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { petStoreSpec } from './fixtures/openapi-test-server.js';
import { dataService as service, failureOf, librechat, librechatAxios as axios } from './librechat-package.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/**
 * LibreChat's own client package on the agent actions calls as its builder makes them:
 * validateAndParseOpenAPISpec and openapiToFunction on the pasted spec, then updateAgentAction,
 * getActions and deleteAgentAction.
 */
describeEachDialect('a LibreChat client on the agent actions calls (librechat-data-provider)', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ dialect, env: { OPENAI_API_KEY: 'sk', OPENAI_MODELS: 'gpt-4o-mini' } });
    axios.defaults.baseURL = server.baseUrl;
    const password = 'correct horse battery';
    const { token } = await service.register({ name: 'Action Builder', email: `actions-${randomUUID()}@example.com`, password, confirm_password: password });
    librechat.setTokenHeader(token);
  });
  afterAll(async () => {
    librechat.setTokenHeader(undefined);
    await server.close();
  });

  it('updateAgentAction, getActions, deleteAgentAction', async () => {
    const agent = await service.createAgent({ name: 'Pets', provider: 'openAI', model: 'gpt-4o-mini' });
    const raw_spec = petStoreSpec();
    const validation = librechat.validateAndParseOpenAPISpec(raw_spec);
    expect(validation.status).toBe(true);
    const { functionSignatures } = librechat.openapiToFunction(validation.spec);
    const functions = functionSignatures.map((sig: { toObjectTool(): unknown }) => sig.toObjectTool());

    const [updatedAgent, action] = await service.updateAgentAction({
      agent_id: agent.id,
      functions,
      metadata: { raw_spec, domain: 'api.example.com', auth: { type: 'service_http', authorization_type: 'bearer' }, api_key: 'sk-builder' },
    });
    expect(updatedAgent.tools).toEqual(functions.map((f: { function: { name: string } }) => `${f.function.name}_action_api_example_com`));
    expect(updatedAgent.actions).toEqual([`api_example_com_action_${action.action_id}`]);
    expect(action.metadata).toMatchObject({ domain: 'api.example.com', auth: { type: 'service_http', authorization_type: 'bearer' } });
    expect(action.metadata.api_key).toBeUndefined();

    const listed = await service.getActions();
    expect(listed).toEqual([expect.objectContaining({ action_id: action.action_id, agent_id: agent.id })]);

    const refused = await failureOf(service.updateAgentAction({ agent_id: agent.id, functions, metadata: { raw_spec: '{"openapi":"3.0.0"}' } }));
    expect(refused.status).toBe(400);

    expect(await service.deleteAgentAction({ agent_id: agent.id, action_id: action.action_id })).toEqual({ message: 'Action deleted successfully' });
    expect(await service.getActions()).toEqual([]);
    expect(await service.getAgentById({ agent_id: agent.id })).toMatchObject({ tools: [], actions: [] });
  });
});
