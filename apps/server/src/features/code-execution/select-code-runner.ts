import type { Env } from '../../env.js';
import type { ToolCredentials } from '../tools/tool-credentials.js';
import type { ToolAuthField } from '../tools/tool-types.js';
import type { CodeRunner } from './code-runner.js';
import { OFFICIAL_CODE_BASEURL } from './remote/code-api-client.js';
import { createRemoteCodeRunner, USER_PROVIDED } from './remote/remote-code-runner.js';

/**
 * Where code runs (issue 37): the local sandbox unless LibreChat's LIBRECHAT_CODE_API_KEY or
 * LIBRECHAT_CODE_BASEURL is set, then LibreChat's Code Interpreter API. With the key
 * `user_provided` (or only the base URL set, as LibreChat asks each user when it has no key of
 * its own) each user adds their key first: LibreChat keeps it as the `execute_code` plugin's
 * credential LIBRECHAT_CODE_API_KEY, and so does this server, in the tool credentials store
 * (encrypted with CREDS_KEY) through the plugin route `POST /api/user/plugins`.
 */

/** The tool the key belongs to (LibreChat's Tools.execute_code, its plugin key). */
export const CODE_TOOL_KEY = 'execute_code';
/** The credential's field (LibreChat's EnvVar.CODE_API_KEY). */
export const CODE_API_KEY_FIELD = 'LIBRECHAT_CODE_API_KEY';

export type CodeApiMode = 'local' | 'system_defined' | 'user_provided';

export function codeApiMode(env: Pick<Env, 'LIBRECHAT_CODE_API_KEY' | 'LIBRECHAT_CODE_BASEURL'>): CodeApiMode {
  const key = env.LIBRECHAT_CODE_API_KEY;
  if (!key && !env.LIBRECHAT_CODE_BASEURL) return 'local';
  return !key || key === USER_PROVIDED ? 'user_provided' : 'system_defined';
}

export interface CodeRunnerDeps {
  /** The local sandbox's runner, used unless the remote service is configured. */
  local: CodeRunner;
  /** How the remote service is reached; tests may pin one. */
  fetch?: typeof fetch | undefined;
  /** How long a conversation's files are kept between runs (SANDBOX_SESSION_TTL_MINUTES). */
  sessionTtlMs?: number | undefined;
}

export function selectCodeRunner(env: Env, deps: CodeRunnerDeps): CodeRunner {
  const mode = codeApiMode(env);
  if (mode === 'local') return deps.local;
  return createRemoteCodeRunner({
    // The administrator's URL, trusted as written like an endpoint's base URL (a local service in tests).
    baseURL: env.LIBRECHAT_CODE_BASEURL ?? OFFICIAL_CODE_BASEURL,
    apiKey: mode === 'user_provided' || !env.LIBRECHAT_CODE_API_KEY ? USER_PROVIDED : env.LIBRECHAT_CODE_API_KEY,
    fetch: deps.fetch,
    sessionTtlMs: deps.sessionTtlMs ?? env.SANDBOX_SESSION_TTL_MINUTES * 60_000,
    maxFileBytes: env.SANDBOX_FILES_MB * 1024 * 1024,
  });
}

/**
 * What the execute_code tool asks each user for (its ToolDefinition `auth`): the Code API key when
 * it is user_provided, nothing otherwise. With it the plugin route stores the key, the tool's auth
 * route answers `user_provided`, and a run gets the key as `ToolContext.credentials`.
 */
export function codeApiAuthFields(
  env: Pick<Env, 'LIBRECHAT_CODE_API_KEY' | 'LIBRECHAT_CODE_BASEURL'>,
): ToolAuthField[] | undefined {
  if (codeApiMode(env) !== 'user_provided') return undefined;
  return [
    {
      authField: CODE_API_KEY_FIELD,
      label: 'Code API key',
      description: "Your key for LibreChat's Code Interpreter API",
    },
  ];
}

/** The user's own Code API key, decrypted; undefined when they have not added one. */
export async function getUserCodeApiKey(credentials: ToolCredentials, userId: string): Promise<string | undefined> {
  const stored = await credentials.get(userId, CODE_TOOL_KEY);
  const key = stored?.[CODE_API_KEY_FIELD];
  return typeof key === 'string' && key !== '' ? key : undefined;
}

export function installUserCodeApiKey(credentials: ToolCredentials, userId: string, key: string): Promise<void> {
  return credentials.save(userId, CODE_TOOL_KEY, { [CODE_API_KEY_FIELD]: key.trim() });
}

export function revokeUserCodeApiKey(credentials: ToolCredentials, userId: string): Promise<void> {
  return credentials.delete(userId, CODE_TOOL_KEY);
}
