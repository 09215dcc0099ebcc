import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import { requireAgentPermission } from '../agents/agent-access.js';
import { actionParams, agentParams, callbackParams, callbackQuery, saveActionSchema } from './action-schemas.js';
import type { ActionsService } from './actions.service.js';

export interface ActionsRoutesOptions {
  actions: ActionsService;
}

const page = (title: string, text: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`;

/**
 * Agent actions as LibreChat's data service calls them (getActions, updateAgentAction,
 * deleteAgentAction), and the OAuth callback an action's provider redirects to.
 */
export async function actionsRoutes(app: FastifyInstance, opts: ActionsRoutesOptions): Promise<void> {
  const { actions } = opts;
  const auth = { preHandler: app.authenticate };

  app.get('/api/agents/actions', auth, async (request) => {
    await requireAgentPermission(app, request.user, 'USE');
    return actions.list(request.user);
  });

  app.post('/api/agents/actions/:agent_id', auth, async (request) => {
    await requireAgentPermission(app, request.user, 'USE', 'CREATE');
    const { agent_id } = parseInput(agentParams, request.params);
    const body = parseInput(saveActionSchema, request.body);
    return actions.save(request.user, agent_id, body);
  });

  app.delete('/api/agents/actions/:agent_id/:action_id', auth, async (request) => {
    await requireAgentPermission(app, request.user, 'USE', 'CREATE');
    const { agent_id, action_id } = parseInput(actionParams, request.params);
    await actions.remove(request.user, agent_id, action_id);
    return { message: 'Action deleted successfully' };
  });

  // Reached by the browser coming back from the provider: no session header, the signed state says who.
  app.get('/api/actions/:action_id/oauth/callback', async (request, reply) => {
    const { action_id } = parseInput(callbackParams, request.params);
    const query = parseInput(callbackQuery, request.query);
    reply.type('text/html; charset=utf-8');
    if (query.error || !query.code || !query.state) {
      return reply.status(400).send(page('Sign-in failed', 'The provider did not sign you in. Close this window and try again.'));
    }
    try {
      await actions.completeSignIn(action_id, query.code, query.state);
    } catch (err) {
      const message = err instanceof AppError ? err.message : 'Sign-in failed.';
      const status = err instanceof AppError ? err.status : 500;
      return reply.status(status).send(page('Sign-in failed', message.replace(/[<>&"]/g, '')));
    }
    return reply.send(page('Signed in', 'You are signed in. You may close this window and return to the chat.'));
  });
}
