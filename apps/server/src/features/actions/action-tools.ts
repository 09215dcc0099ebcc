import type { Db } from '../../db/database.js';
import type { ToolSource } from '../tools/tool-registry.js';
import type { ToolContext, ToolDefinition, ToolOutput } from '../tools/tool-types.js';
import { toolError } from '../tools/tool-output.js';
import {
  ActionAuthError,
  authHeaders,
  planActionRequest,
  sendActionRequest,
  type ActionAuth,
  type ActionToken,
} from './action-executor.js';
import { actionToolName, type ActionOperation } from './action-spec.js';
import type { ActionsService } from './actions.service.js';
import { listRunnableActions, rowMetadata, type ActionRow } from './actions.repo.js';

/** A failure's reason; the chat loop shows it as "Error processing tool {name}: {reason}". */

interface Candidate {
  row: ActionRow;
  serverUrl: string;
  op: ActionOperation;
}

/**
 * The actions of the agents a user may chat with, as tools (`{operationId}_action_{domain}`).
 * Two agents may carry actions on the same domain with the same operation: the tool runs the one
 * of the agent in the chat.
 */
export class ActionTools implements ToolSource {
  constructor(
    private readonly db: Db,
    private readonly actions: ActionsService,
  ) {}

  async listTools(userId: string): Promise<ToolDefinition[]> {
    const rows = await listRunnableActions(this.db.kysely, userId);
    const byName = new Map<string, Candidate[]>();
    for (const row of rows) {
      const spec = await this.actions.spec(row).catch(() => undefined);
      if (!spec) continue;
      for (const op of spec.operations) {
        const name = actionToolName(op.operationId, spec.domain);
        byName.set(name, [...(byName.get(name) ?? []), { row, serverUrl: spec.serverUrl, op }]);
      }
    }
    return [...byName.entries()].map(([name, candidates]) => {
      const first = candidates[0] as Candidate;
      return {
        name,
        displayName: first.op.operationId,
        description: first.op.description,
        inputSchema: first.op.inputSchema,
        kind: 'action' as const,
        group: rowMetadata(first.row).domain,
        run: (context: ToolContext, args: unknown) => {
          const chosen = candidates.find((c) => c.row.agent_id === context.agentId) ?? first;
          return this.run(name, chosen, context, args);
        },
      };
    });
  }

  private async run(
    name: string,
    { row, serverUrl, op }: Candidate,
    context: ToolContext,
    args: unknown,
  ): Promise<ToolOutput> {
    const metadata = rowMetadata(row);
    const auth: ActionAuth = metadata.auth;
    // The allowlist may have changed since the action was saved.
    if (!this.actions.isDomainAllowed(serverUrl)) return toolError('Domain not allowed');
    let token: ActionToken | undefined;
    if (auth.type === 'oauth') token = await this.actions.freshTokenOf(context.userId, row);
    let headers: Record<string, string>;
    try {
      headers = authHeaders(auth, { apiKey: this.actions.decrypt(metadata.api_key), token });
    } catch (err) {
      if (!(err instanceof ActionAuthError)) throw err;
      // SPEC 8's message, and the sign-in link the tool call shows (with the trusted-sites warning).
      const link = this.actions.signInLink(context.userId, row);
      return { ...toolError(err.message), ...(link ? { signIn: { url: link.url, expiresAt: link.expiresAt } } : {}) };
    }
    const input = args && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
    try {
      const plan = planActionRequest(serverUrl, op, input, headers);
      return await sendActionRequest(this.actions.options.fetch, plan, context.signal);
    } catch (err) {
      if (context.signal.aborted) throw context.signal.reason instanceof Error ? context.signal.reason : err;
      return toolError(err instanceof Error ? err.message : String(err));
    }
  }
}
