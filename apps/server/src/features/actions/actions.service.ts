import type { Db } from '../../db/database.js';
import { decryptSecret, encryptSecret } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { nowIso, randomToken } from '../../platform/ids.js';
import type { AuthUser } from '../auth/authenticate.js';
import { agentNotFound, canEdit, canView } from '../agents/agent-access.js';
import { authorNameOf, findAgent, rowTools, toAgentJson, type AgentRow } from '../agents/agents.repo.js';
import type { ToolCredentials } from '../tools/tool-credentials.js';
import { isActionDomainAllowed } from './action-domains.js';
import type { ActionToken } from './action-executor.js';
import { actionTokenKey, buildSignInUrl, createOAuthState, exchangeCode, oauthCallbackPath, readOAuthState, refreshToken, SIGN_IN_TTL_MS } from './action-oauth.js';
import type { ActionMetadataInput } from './action-schemas.js';
import { ACTION_DELIMITER, ActionSpecError, actionToolName, encodeDomain, parseActionSpec, type ParsedActionSpec } from './action-spec.js';
import {
  deleteAction,
  findAction,
  listAgentActions,
  listEditableActions,
  rowMetadata,
  toActionJson,
  upsertAction,
  type ActionRow,
  type StoredActionMetadata,
} from './actions.repo.js';

/** 22 url-safe characters (LibreChat's are nanoid's 21). */
const newActionId = (): string => randomToken(16);

export interface ActionsServiceOptions {
  db: Db;
  credsKey: string;
  credentials: ToolCredentials;
  /** The egress-guarded fetch in the app (specs and OAuth URLs are user-supplied); tests pin one to their local server. */
  fetch: typeof fetch;
  allowedDomains?: readonly string[] | undefined;
  /** This server's public origin, for the OAuth redirect URI. */
  serverOrigin: string;
}

/** LibreChat's entry in an agent's `actions`: `{domain}_action_{action_id}`. */
const agentActionEntry = (domain: string, actionId: string): string => `${encodeDomain(domain)}${ACTION_DELIMITER}${actionId}`;

const badRequest = (message: string): AppError => new AppError('validation_error', message);

/**
 * OpenAPI actions: saved on an agent by those who may edit it, their secrets encrypted, their
 * specs validated and their servers held to the domain allowlist; OAuth sign-ins per user.
 */
export class ActionsService {
  private readonly specs = new Map<string, { updatedAt: string; spec: Promise<ParsedActionSpec> }>();

  constructor(readonly options: ActionsServiceOptions) {}

  private get db() {
    return this.options.db.kysely;
  }

  /** The agent, if this user may change it: a 404 when they cannot see it, a 403 when they can but not edit. */
  private async editableAgent(user: AuthUser, agentId: string): Promise<AgentRow> {
    const agent = await findAgent(this.db, agentId);
    if (!agent || !canView(agent, user)) throw agentNotFound();
    if (!canEdit(agent, user)) throw new AppError('forbidden', 'You do not have permission to change the actions of this agent');
    return agent;
  }

  async list(user: AuthUser) {
    return (await listEditableActions(this.db, user.id, user.role === 'ADMIN')).map(toActionJson);
  }

  /** A parsed spec, cached per action version. */
  spec(row: ActionRow): Promise<ParsedActionSpec> {
    const cached = this.specs.get(row.action_id);
    if (cached?.updatedAt === row.updated_at) return cached.spec;
    const spec = parseActionSpec(rowMetadata(row).raw_spec);
    this.specs.set(row.action_id, { updatedAt: row.updated_at, spec });
    spec.catch(() => this.specs.delete(row.action_id));
    return spec;
  }

  private encrypt(value: string | undefined): string | undefined {
    return value === undefined ? undefined : encryptSecret(value, this.options.credsKey);
  }

  decrypt(value: string | undefined): string | undefined {
    if (value === undefined) return undefined;
    try {
      return decryptSecret(value, this.options.credsKey);
    } catch {
      return undefined;
    }
  }

  isDomainAllowed(serverUrl: string): boolean {
    return isActionDomainAllowed(serverUrl, this.options.allowedDomains);
  }

  async save(user: AuthUser, agentId: string, input: { action_id?: string | undefined; metadata: ActionMetadataInput }) {
    const agent = await this.editableAgent(user, agentId);
    const existing = input.action_id ? await findAction(this.db, input.action_id) : undefined;
    // Another agent's action id is not this agent's to overwrite.
    if (input.action_id && (!existing || existing.agent_id !== agentId)) throw new AppError('not_found', 'Action not found');
    const spec = await parseActionSpec(input.metadata.raw_spec).catch((err: unknown) => {
      throw badRequest(err instanceof ActionSpecError ? err.message : 'Invalid OpenAPI spec');
    });
    if (input.metadata.domain) {
      const given = input.metadata.domain.replace(/^[a-z]+:\/\//i, '').replace(/[/:].*$/, '').toLowerCase();
      if (given !== spec.domain) throw badRequest(`The domain "${input.metadata.domain}" is not the spec's server (${spec.domain})`);
    }
    if (!this.isDomainAllowed(spec.serverUrl)) throw badRequest('Domain not allowed');
    const toolNames = spec.operations.map((op) => actionToolName(op.operationId, spec.domain));
    const tooLong = toolNames.find((name) => name.length > 64);
    if (tooLong) throw badRequest(`The tool name "${tooLong}" is longer than 64 characters: shorten the operationId`);

    const previous = existing ? rowMetadata(existing) : undefined;
    const { auth } = input.metadata;
    const metadata: StoredActionMetadata = {
      domain: spec.domain,
      raw_spec: input.metadata.raw_spec,
      auth,
      privacy_policy_url: input.metadata.privacy_policy_url,
      // A secret left blank keeps the stored one (the builder never sees it again).
      api_key: this.encrypt(input.metadata.api_key) ?? previous?.api_key,
      oauth_client_id: this.encrypt(input.metadata.oauth_client_id) ?? previous?.oauth_client_id,
      oauth_client_secret: this.encrypt(input.metadata.oauth_client_secret) ?? previous?.oauth_client_secret,
    };
    if (auth.type !== 'service_http') delete metadata.api_key;
    if (auth.type !== 'oauth') {
      delete metadata.oauth_client_id;
      delete metadata.oauth_client_secret;
    }
    if (auth.type === 'service_http') {
      if (!auth.authorization_type) throw badRequest('auth.authorization_type is required for service_http');
      if (auth.authorization_type === 'custom' && !auth.custom_auth_header) throw badRequest('auth.custom_auth_header is required for a custom header');
      if (!metadata.api_key) throw badRequest('api_key is required for service_http');
    }
    if (auth.type === 'oauth') {
      if (!auth.authorization_url || !auth.client_url) throw badRequest('auth.authorization_url and auth.client_url are required for OAuth');
      if (!metadata.oauth_client_id || !metadata.oauth_client_secret) throw badRequest('oauth_client_id and oauth_client_secret are required for OAuth');
    }

    const actionId = existing?.action_id ?? newActionId();
    const now = nowIso();
    const row: ActionRow = {
      action_id: actionId,
      agent_id: agentId,
      // The author of a new action is the agent's author (LibreChat's rule), not a collaborator.
      user_id: existing?.user_id ?? agent.author,
      metadata: JSON.stringify(metadata),
      created_at: existing?.created_at ?? now,
      updated_at: now,
    };
    const oldNames = new Set<string>();
    if (previous) {
      const oldSpec = await parseActionSpec(previous.raw_spec).catch(() => undefined);
      for (const op of oldSpec?.operations ?? []) oldNames.add(actionToolName(op.operationId, previous.domain));
    }
    const tools = [...rowTools(agent).filter((name) => !oldNames.has(name) && !toolNames.includes(name)), ...toolNames];
    const actions = [...(JSON.parse(agent.actions) as string[]).filter((entry) => !entry.endsWith(`${ACTION_DELIMITER}${actionId}`)), agentActionEntry(spec.domain, actionId)];
    const changes = { tools: JSON.stringify(tools), actions: JSON.stringify(actions), updated_at: now };
    await this.db.transaction().execute(async (trx) => {
      await upsertAction(trx, row);
      await trx.updateTable('agents').set(changes).where('id', '=', agentId).execute();
    });
    const updated = { ...agent, ...changes };
    return [toAgentJson(updated, user.id, true, await authorNameOf(this.db, agent.author)), toActionJson(row)] as const;
  }

  async remove(user: AuthUser, agentId: string, actionId: string): Promise<void> {
    const agent = await this.editableAgent(user, agentId);
    const action = await findAction(this.db, actionId);
    if (!action || action.agent_id !== agentId) throw new AppError('not_found', 'Action not found');
    const metadata = rowMetadata(action);
    const spec = await parseActionSpec(metadata.raw_spec).catch(() => undefined);
    const names = new Set((spec?.operations ?? []).map((op) => actionToolName(op.operationId, metadata.domain)));
    const suffix = `${ACTION_DELIMITER}${encodeDomain(metadata.domain)}`;
    // Other actions of this agent on the same domain keep their tools.
    const others = (await listAgentActions(this.db, agentId)).filter((a) => a.action_id !== actionId && rowMetadata(a).domain === metadata.domain);
    const tools = rowTools(agent).filter((name) => !(names.has(name) || (!spec && !others.length && name.endsWith(suffix))));
    const actions = (JSON.parse(agent.actions) as string[]).filter((entry) => !entry.endsWith(`${ACTION_DELIMITER}${actionId}`));
    await this.db.transaction().execute(async (trx) => {
      await deleteAction(trx, actionId);
      await trx.updateTable('agents').set({ tools: JSON.stringify(tools), actions: JSON.stringify(actions), updated_at: nowIso() }).where('id', '=', agentId).execute();
    });
    this.specs.delete(actionId);
  }

  /**
   * The agents feature's duplicate hook: the copy gets copies of the actions (secrets included,
   * as LibreChat copies them), authored by whoever duplicated the agent.
   */
  async duplicateActions(from: AgentRow, toAgentId: string, userId: string) {
    const now = nowIso();
    const copies: ActionRow[] = (await listAgentActions(this.db, from.id)).map((row) => ({
      ...row,
      action_id: newActionId(),
      agent_id: toAgentId,
      user_id: userId,
      created_at: now,
      updated_at: now,
    }));
    const toolNames = new Set<string>();
    for (const copy of copies) {
      await upsertAction(this.db, copy);
      const spec = await this.spec(copy).catch(() => undefined);
      for (const op of spec?.operations ?? []) toolNames.add(actionToolName(op.operationId, rowMetadata(copy).domain));
    }
    return {
      actionIds: copies.map((c) => agentActionEntry(rowMetadata(c).domain, c.action_id)),
      toolNames: [...toolNames],
      actions: copies.map(toActionJson),
    };
  }

  /** OAuth: the user's stored token, if any. */
  async tokenOf(userId: string, actionId: string): Promise<ActionToken | undefined> {
    const stored = await this.options.credentials.get(userId, actionTokenKey(actionId));
    if (!stored?.access_token) return undefined;
    const expiresAt = stored.expires_at ? Number(stored.expires_at) : undefined;
    return { access_token: stored.access_token, refresh_token: stored.refresh_token, expires_at: Number.isFinite(expiresAt) ? expiresAt : undefined };
  }

  /**
   * The user's token, refreshed first when it has expired and a refresh token was given (as
   * LibreChat does); without one, the expired token is answered and the user signs in again.
   */
  async freshTokenOf(userId: string, row: ActionRow): Promise<ActionToken | undefined> {
    const token = await this.tokenOf(userId, row.action_id);
    if (!token?.refresh_token || token.expires_at === undefined || Date.now() < token.expires_at) return token;
    const metadata = rowMetadata(row);
    const id = this.decrypt(metadata.oauth_client_id);
    const secret = this.decrypt(metadata.oauth_client_secret);
    if (!id || !secret) return token;
    try {
      const fresh = await refreshToken(this.options.fetch, metadata.auth, { id, secret }, token.refresh_token);
      await this.saveToken(userId, row.action_id, fresh);
      return fresh;
    } catch {
      return token;
    }
  }

  private async saveToken(userId: string, actionId: string, token: ActionToken): Promise<void> {
    const values: Record<string, string> = { access_token: token.access_token };
    if (token.refresh_token) values.refresh_token = token.refresh_token;
    if (token.expires_at) values.expires_at = String(token.expires_at);
    await this.options.credentials.save(userId, actionTokenKey(actionId), values);
  }

  redirectUri(actionId: string): string {
    return `${this.options.serverOrigin.replace(/\/$/, '')}${oauthCallbackPath(actionId)}`;
  }

  /** The link a user follows to sign in to an OAuth action, and when it stops working (epoch seconds). */
  signInLink(userId: string, row: ActionRow): { url: string; expiresAt: number } | undefined {
    const metadata = rowMetadata(row);
    const clientId = this.decrypt(metadata.oauth_client_id);
    if (!clientId || !metadata.auth.authorization_url) return undefined;
    const state = createOAuthState(this.options.credsKey, userId, row.action_id);
    return {
      url: buildSignInUrl(metadata.auth, clientId, this.redirectUri(row.action_id), state),
      expiresAt: Math.floor((Date.now() + SIGN_IN_TTL_MS) / 1000),
    };
  }

  /** The OAuth callback: checks the signed state, exchanges the code, keeps the token encrypted. */
  async completeSignIn(actionId: string, code: string, state: string): Promise<void> {
    const who = readOAuthState(this.options.credsKey, state);
    if (!who || who.actionId !== actionId) throw new AppError('bad_request', 'This sign-in link is invalid or has expired. Please start again.');
    const row = await findAction(this.db, actionId);
    if (!row) throw new AppError('not_found', 'Action not found');
    const metadata = rowMetadata(row);
    const id = this.decrypt(metadata.oauth_client_id);
    const secret = this.decrypt(metadata.oauth_client_secret);
    if (metadata.auth.type !== 'oauth' || !id || !secret) throw new AppError('bad_request', 'This action does not sign in with OAuth');
    const token = await exchangeCode(this.options.fetch, metadata.auth, { id, secret }, code, this.redirectUri(actionId)).catch((err: unknown) => {
      throw new AppError('bad_request', `Sign-in failed: ${err instanceof Error ? err.message : 'the token exchange failed'}`);
    });
    await this.saveToken(who.userId, actionId, token);
  }
}

