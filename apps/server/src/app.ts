import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { mergeFileConfig } from '@confab/shared';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config/config-schema.js';
import type { Db } from './db/database.js';
import type { Env } from './env.js';
import { AuthService } from './features/auth/auth.service.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { createAuthenticate } from './features/auth/authenticate.js';
import { AccessTokens } from './features/auth/tokens.js';
import { configRoutes } from './features/config/config.routes.js';
import { buildStartupConfig } from './features/config/startup-config.js';
import { healthRoutes } from './features/health/health.routes.js';
import { rolesRoutes } from './features/roles/roles.routes.js';
import { usersRoutes } from './features/users/users.routes.js';
import { bannersRoutes } from './features/banners/banners.routes.js';
import { ChatService } from './features/chat/chat.service.js';
import { TemporaryChatPolicy } from './features/chat/temporary-chat.js';
import { chatRoutes } from './features/chat/chat.routes.js';
import { createMessageLimits } from './features/chat/message-limits.js';
import { AgentChatService } from './features/agent-chat/agent-chat.service.js';
import { agentLookupFromDb } from './features/agent-chat/agent-lookup.js';
import { JobRegistry } from './features/chat/job-registry.js';
import { PartialReplyWriter } from './features/chat/partial-reply-writer.js';
import { CommitGroup } from './db/commit-group.js';
import { startSearchBacklogFlusher } from './features/search/search-backlog-flusher.js';
import { configureStreamReaders, defaultReaderThreads } from './providers/openai-compatible/stream-reader-pool.js';
import { TitleService } from './features/chat/title.service.js';
import { conversationsRoutes } from './features/conversations/conversations.routes.js';
import { watchConvoAccess } from './features/conversations/convo-access.js';
import { importExportRoutes } from './features/import-export/import-export.routes.js';
import { createFileSearchFeature } from './features/file-search/file-search.feature.js';
import { createFilesFeature } from './features/files/files.feature.js';
import { filesRoutes } from './features/files/files.routes.js';
import { agentsRoutes } from './features/agents/agents.routes.js';
import { AgentsService } from './features/agents/agents.service.js';
import { agentToolsRoutes } from './features/agents/agent-tools.routes.js';
import { pluginsRoutes } from './features/tools/plugins.routes.js';
import { scheduleExpirySweep } from './features/conversations/expiry-sweep.js';
import { searchRoutes } from './features/search/search.routes.js';
import { shareRoutes } from './features/share/share.routes.js';
import { tagsRoutes } from './features/tags/tags.routes.js';
import { memoriesRoutes } from './features/memories/memories.routes.js';
import { ChatMemory } from './features/memories/chat-memory.js';
import { promptsRoutes } from './features/prompts/prompts.routes.js';
import { endpointsRoutes } from './features/endpoints/endpoints.routes.js';
import { messagesRoutes } from './features/messages/messages.routes.js';
import { EndpointCatalog } from './providers/endpoint-catalog.js';
import { ModelList } from './providers/model-list.js';
import { KeysService } from './features/keys/keys.service.js';
import { keysRoutes } from './features/keys/keys.routes.js';
import { presetsRoutes } from './features/presets/presets.routes.js';
import { ToolRegistry } from './features/tools/tool-registry.js';
import { registerMemes } from './features/memes/memes.feature.js';
import { createMemeAgent } from './features/memes/meme-agent.js';
import { eventsRoutes } from './features/events/events.routes.js';
import { registerTwoFactor } from './features/two-factor/two-factor.feature.js';
import { registerPasskeys } from './features/passkeys/passkeys.feature.js';
import { registerAccountEmail } from './features/account-email/account-email.feature.js';
import { registerAccountSettings } from './features/account-settings/account-settings.feature.js';
import { registerOauth } from './features/oauth/oauth.feature.js';
import { createDirectoryLogin } from './features/ldap/ldap.feature.js';
import { registerAccount } from './features/account/account.feature.js';
import { registerAdmin } from './features/admin/admin.feature.js';
import type { AccountSecurityDeps } from './features/auth/account-security-deps.js';
import { registerBalance } from './features/balance/balance.feature.js';
import { GenerationBilling } from './features/balance/generation-billing.js';
import { registerSubscriptions } from './features/subscriptions/subscriptions.feature.js';
import { registerSpeech } from './features/speech/speech.feature.js';
import { registerSetup } from './features/setup/setup.feature.js';
import { createMailer, isEmailConfigured } from './platform/mailer.js';
import { McpServers } from './features/mcp/mcp-servers.js';
import { ActionTools } from './features/actions/action-tools.js';
import { actionsRoutes } from './features/actions/actions.routes.js';
import { ActionsService } from './features/actions/actions.service.js';
import { createGuardedFetch } from './platform/egress.js';
import { addRequestHygiene } from './platform/request-hygiene.js';
import { settleUnreadBodies } from './platform/unread-bodies.js';
import { clientErrors, frameworkErrors, installErrorHandler, sendRouteNotFound } from './platform/errors.js';
import { createLimiterFactory } from './platform/limiter.js';
import { tokenizerRoutes } from './features/tokenizer/tokenizer.routes.js';
import type { Secrets } from './platform/secrets.js';
import { addSecurityHeaders } from './platform/security-headers.js';
import { registerResponseCompression } from './platform/response-compression.js';
import { serveWebApp } from './platform/web-app-serving.js';
import { createStorage } from './platform/storage/create-storage.js';
import type { StorageAdapter } from './platform/storage/storage.js';
import { createSandbox, sandboxOptionsFromEnv } from './platform/sandbox/index.js';
import type { CodeRunner } from './features/code-execution/code-runner.js';
import { createLocalCodeRunner } from './features/code-execution/local-code-runner.js';
import { codeApiAuthFields, selectCodeRunner } from './features/code-execution/select-code-runner.js';
import { registerWebSearch } from './features/web-search/web-search.feature.js';
import { CodeExecution } from './features/code-execution/code-execution.service.js';
import { scheduleExpiredFilesSweep } from './features/code-execution/expired-files-sweep.js';
import { createRunCodePacer } from './features/code-execution/code-execution.routes.js';
import { createExecuteCodeToolSource } from './features/code-execution/execute-code-tool.js';
import { DEFAULT_AGENT_CAPABILITIES } from './config/agents-config-schema.js';
import { applyInterfaceToRoles } from './features/roles/interface-permissions.js';

export interface AppDeps {
  env: Env;
  config: AppConfig;
  db: Db;
  secrets: Secrets;
  redis?: Redis | undefined;
  /** Where uploads are stored; local disk under DATA_DIR/uploads when absent. */
  storage?: StorageAdapter | undefined;
  /**
   * The fetch OpenAPI actions (and their OAuth token exchanges) go through: the egress-guarded
   * fetch unless given. Only tests pass one, pinned to their local API on 127.0.0.1.
   */
  actionsFetch?: typeof fetch | undefined;
  /** The fetch remote meme pictures go through: the egress-guarded fetch unless given (tests, for a local picture server). */
  memesFetch?: typeof fetch | undefined;
  /** Serve the built web app from here (production start); tests of the API leave it off. */
  webDist?: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    env: Env;
    appConfig: AppConfig;
    authenticate: preHandlerAsyncHookHandler;
    jobs: JobRegistry;
    /** The one tool registry: tool sources (MCP, actions, file_search, built-ins) register here. */
    tools: ToolRegistry;
    /** The config's MCP servers (a tool source; the agent chat asks it for server instructions). */
    mcp: McpServers;
    /** Agents CRUD and sharing; features that keep rows per agent (actions) attach hooks. */
    agents: AgentsService;
    /** Where code runs (issue 37): the Run button and the agents' execute_code tool call it. */
    codeRunner: CodeRunner;
    /** Code runs for people: conversation files in, produced files kept (the Run button, execute_code). */
    codeExecution: CodeExecution;
  }
}

const here = dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = resolve(here, '../../web/dist');

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, config, db, secrets } = deps;
  const app = Fastify({
    logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY ?? false,
    genReqId: () => crypto.randomUUID(),
    frameworkErrors,
    clientErrorHandler: clientErrors,
  });
  installErrorHandler(app);
  addRequestHygiene(app);
  settleUnreadBodies(app);

  app.decorate('db', db);
  app.decorate('env', env);
  app.decorate('appConfig', config);
  // The local code sandbox; it detects what this machine can do on its first use (main.ts starts
  // that after listening), so building the app and /health never wait for it.
  const sandboxOptions = sandboxOptionsFromEnv(env);
  const sandbox = createSandbox({
    ...sandboxOptions,
    log: { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) },
  });
  const sessionTtlMs = sandboxOptions.sessionTtlMs ?? 60 * 60 * 1000;
  // LibreChat's Code Interpreter API instead when LIBRECHAT_CODE_API_KEY / _BASEURL say so.
  app.decorate(
    'codeRunner',
    selectCodeRunner(env, { local: createLocalCodeRunner(sandbox, { sessionTtlMs }), sessionTtlMs }),
  );
  app.addHook('onClose', () => sandbox.close());

  await registerResponseCompression(app);
  await app.register(fastifyCookie);
  addSecurityHeaders(app, { tagManager: Boolean(env.ANALYTICS_GTM_ID) });

  const tokens = new AccessTokens(secrets.jwtSecret, env.SESSION_EXPIRY);
  app.decorate('authenticate', createAuthenticate(db, tokens));
  // Before every route: SPEC 8's convo_access is recorded on any route's "Conversation not found".
  watchConvoAccess(app);

  const limiter = createLimiterFactory(deps.redis);
  const windowSeconds = env.LOGIN_WINDOW * 60;
  const mailer = createMailer(env);
  const auth = new AuthService(
    db,
    tokens,
    {
      registrationEnabled: env.ALLOW_REGISTRATION ?? true,
      emailLoginEnabled: env.ALLOW_EMAIL_LOGIN ?? true,
      refreshTtlMs: env.REFRESH_TOKEN_EXPIRY,
      requireVerifiedEmail: isEmailConfigured(env) && !(env.ALLOW_UNVERIFIED_EMAIL_LOGIN ?? false),
      allowedDomains: config.registration?.allowedDomains,
    },
    {
      loginPerIp: limiter({ keyPrefix: 'login_ip', points: env.LOGIN_IP_MAX, durationSeconds: windowSeconds }),
      loginPerEmail: limiter({ keyPrefix: 'login_email', points: env.LOGIN_MAX, durationSeconds: windowSeconds }),
      registerPerIp: limiter({
        keyPrefix: 'register_ip',
        points: env.REGISTER_MAX,
        durationSeconds: env.REGISTER_WINDOW * 60,
      }),
    },
  );

  // Directory sign-in (LDAP_URL): the directory checks every password login.
  auth.directoryLogin = createDirectoryLogin(env, db, { allowedDomains: config.registration?.allowedDomains }, app.log);

  await app.register(healthRoutes);
  await app.register(configRoutes, { startupConfig: buildStartupConfig(env, config) });
  await app.register(authRoutes, { auth });
  await app.register(usersRoutes);
  await app.register(bannersRoutes);
  await app.register(rolesRoutes);
  // The config's interface toggles that LibreChat applies to every role at start (runCode).
  await applyInterfaceToRoles(db, config.interface);

  // Stored bytes (uploads): chosen by the config (local disk or S3) unless the caller brings a store.
  const storage = deps.storage ?? createStorage(env, config);
  const fileConfig = mergeFileConfig({
    ...config.fileConfig,
    imageOutputType: config.fileConfig?.imageOutputType ?? config.imageOutputType,
  });
  configureStreamReaders(env.STREAM_READER_THREADS ?? defaultReaderThreads());
  const catalog = new EndpointCatalog(env, config);
  const jobs = new JobRegistry(deps.redis);
  const keys = new KeysService(db, catalog, secrets.credsKey);
  const commits = new CommitGroup(db);
  const titles = new TitleService(commits, keys, app.log);
  const replies = new PartialReplyWriter(commits, app.log);
  const searchBacklog = startSearchBacklogFlusher(db, app.log);
  const models = new ModelList(catalog);
  // Sources register on it below (features that bring tools); the agents routes and chat read it.
  const tools = new ToolRegistry(db, secrets.credsKey, app.log);
  app.decorate('tools', tools);
  const codeExecution = new CodeExecution({
    db,
    storage,
    runner: app.codeRunner,
    credentials: tools.credentials,
    log: app.log,
  });
  app.decorate('codeExecution', codeExecution);
  // Agents' execute_code: the same runs, in the one tool loop (offered per the agents capabilities and RUN_CODE).
  tools.register(
    createExecuteCodeToolSource({
      db,
      codeExecution,
      capabilities: config.endpoints?.agents?.capabilities ?? DEFAULT_AGENT_CAPABILITIES,
      auth: codeApiAuthFields(env),
    }),
  );
  // File search's embedding model also ranks web search's passages: made here, its tool registered after.
  const fileSearch = createFileSearchFeature({ db, env, log: app.log });
  registerWebSearch(tools, { db, env, config, log: app.log, embedder: fileSearch.embedder });
  tools.register(fileSearch.toolSource);
  const mcp = new McpServers(config.mcpServers ?? {}, db, tools.credentials, app.log);
  tools.register(mcp);
  app.decorate('mcp', mcp);
  const actions = new ActionsService({
    db,
    credsKey: secrets.credsKey,
    credentials: tools.credentials,
    fetch: deps.actionsFetch ?? createGuardedFetch(),
    allowedDomains: config.actions?.allowedDomains,
    serverOrigin: env.DOMAIN_SERVER ?? `http://${env.HOST}:${env.PORT}`,
  });
  tools.register(new ActionTools(db, actions));
  const chat = new ChatService(
    db,
    catalog,
    models,
    jobs,
    titles,
    keys,
    replies,
    commits,
    app.log,
    { storage, config: fileConfig },
    new GenerationBilling(db, env, config),
    new TemporaryChatPolicy(db, config.interface),
    new ChatMemory(db, config.memory, catalog, keys, app.log, new GenerationBilling(db, env, config)),
  );
  app.decorate('jobs', jobs);
  await app.register(endpointsRoutes, { catalog, models });
  await app.register(keysRoutes, { keys });
  await app.register(presetsRoutes);
  // The built-in agents (issue 21's Meme maker): listed and chatted with like stored ones.
  const builtInAgents = createMemeAgent(config, catalog);
  const agentChat = new AgentChatService(
    db,
    chat,
    tools,
    agentLookupFromDb(db, builtInAgents),
    config.endpoints?.agents,
    app.log,
    (userId, server) => mcp.instructionsFor(userId, server),
  );
  await app.register(chatRoutes, { chat, jobs, agentChat, limits: createMessageLimits(env, limiter, deps.redis) });
  await app.register(messagesRoutes);
  await app.register(tokenizerRoutes, { limiter });
  await app.register(conversationsRoutes, { titles });
  await app.register(importExportRoutes, { limiter, catalog });
  await app.register(searchRoutes);
  await app.register(tagsRoutes);
  await app.register(memoriesRoutes);
  await app.register(promptsRoutes);
  await app.register(shareRoutes);
  const files = await createFilesFeature({
    db,
    storage,
    fileConfig,
    env,
    config,
    limiter,
    log: app.log,
    fileSearch: fileSearch.index,
  });
  await app.register(filesRoutes, files);
  const agents = new AgentsService(app, catalog, tools, builtInAgents);
  agents.hooks.duplicateActions = (from, toAgentId, userId) => actions.duplicateActions(from, toAgentId, userId);
  app.decorate('agents', agents);
  await app.register(actionsRoutes, { actions });
  await app.register(agentsRoutes, { agents, files, fileStrategy: config.fileStrategy ?? 'local' });
  await app.register(agentToolsRoutes, { executeCode: { codeExecution, pacer: createRunCodePacer() } });
  await app.register(pluginsRoutes);
  await registerMemes(app, {
    db,
    storage,
    tools,
    config,
    env,
    catalog,
    fetch: deps.memesFetch ?? createGuardedFetch(),
  });
  await app.register(eventsRoutes, { limiter });
  // Account security (issue 22): each feature registers its own routes over the same parts.
  const serverOrigin = env.DOMAIN_SERVER ?? `http://${env.HOST}:${env.PORT}`;
  const security: AccountSecurityDeps = {
    auth,
    env,
    config,
    secrets,
    limiter,
    mailer,
    files: files.files,
    serverOrigin,
    clientOrigin: env.DOMAIN_CLIENT ?? serverOrigin,
  };
  await registerTwoFactor(app, security);
  await registerPasskeys(app, security);
  await registerAccountEmail(app, security);
  await registerAccountSettings(app, security);
  await registerOauth(app, security);
  await registerAccount(app, security);
  await registerAdmin(app, security);
  // Token balance and subscriptions (issue 23).
  const billing = { db, env, config, limiter, clientOrigin: security.clientOrigin };
  await registerBalance(app, billing);
  await registerSubscriptions(app, billing);
  await registerSpeech(app, { env, config, limiter });
  // First run and the Admin area's endpoints (issue 25).
  await registerSetup(app, { db, env, catalog, models, credsKey: secrets.credsKey, redis: deps.redis });
  scheduleExpirySweep(app);
  scheduleExpiredFilesSweep(app, storage);
  // Running generations save their partial replies before the process exits.
  app.addHook('onClose', async () => {
    await jobs.abortAll();
    replies.close();
    await searchBacklog.close();
    await mcp.close();
    await mailer.close();
    // A store brought by the caller is the caller's to close.
    if (!deps.storage) await storage.close?.();
  });

  if (deps.webDist && existsSync(join(deps.webDist, 'index.html'))) {
    await serveWebApp(app, deps.webDist);
  } else {
    app.setNotFoundHandler(sendRouteNotFound);
  }
  return app;
}
