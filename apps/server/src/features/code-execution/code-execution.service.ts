import type { MessageAttachment } from '@confab/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { newId } from '../../platform/ids.js';
import type { StorageAdapter } from '../../platform/storage/storage.js';
import type { ToolCredentials } from '../tools/tool-credentials.js';
import { CodeRunError, type CodeLanguage, type CodeRunner, type CodeRunResult } from './code-runner.js';
import { conversationInputFiles } from './conversation-files.js';
import { formatCodeResult } from './format-code-result.js';
import { storeProducedFiles } from './produced-files.js';
import { getUserCodeApiKey } from './select-code-runner.js';

/** LibreChat's AuthType values, as `GET /api/agents/tools/execute_code/auth` answers them. */
export type CodeAuthMessage = 'system_defined' | 'user_provided';

export interface CodeRunInput {
  userId: string;
  conversationId: string;
  /** The message the run belongs to; produced files are attached to it. */
  messageId: string;
  /** The call's id (the model's for an agent, a new one for the Run button). */
  toolCallId?: string | undefined;
  lang: CodeLanguage;
  code: string;
  /** More of the user's files to put in the working folder (an agent's own files). */
  extraFileIds?: readonly string[] | undefined;
  /** Whose `extraFileIds` are when not the user's (a shared agent's files are its author's). */
  extraFilesOwnerId?: string | undefined;
  /** Arguments after the program (LibreChat's execute_code `args`). */
  args?: readonly string[] | undefined;
  signal?: AbortSignal | undefined;
}

export interface CodeRunOutput {
  toolCallId: string;
  /** LibreChat's formatted output: stdout, stderr, how it stopped, the generated files. */
  result: string;
  /** Produced files, stored as the user's (LibreChat's attachments). */
  attachments: MessageAttachment[];
  run: CodeRunResult;
}

/** Files a runner keeps for this long when it does not say (LibreChat's Code API keeps a day). */
const DEFAULT_FILES_TTL_MS = 60 * 60 * 1000;

/**
 * Code runs for people (issue 37): the Run button's calls and the agents' execute_code tool both
 * come here. A run reads the conversation's files (and an agent's), runs on `app.codeRunner`
 * (the local sandbox or LibreChat's Code API), and keeps what it produced as the user's files.
 */
export class CodeExecution {
  constructor(
    private readonly deps: {
      db: Db;
      storage: StorageAdapter;
      runner: CodeRunner;
      credentials: ToolCredentials;
      log: FastifyBaseLogger;
    },
  ) {}

  /** LibreChat's verifyToolAuth answer for execute_code: can this user's runs go somewhere now? */
  async authOf(userId: string): Promise<{ authenticated: boolean; message: CodeAuthMessage }> {
    const status = await this.deps.runner.status();
    if (status.requiresUserKey) {
      const key = await getUserCodeApiKey(this.deps.credentials, userId);
      return { authenticated: status.available && key !== undefined, message: 'user_provided' };
    }
    return { authenticated: status.available, message: 'system_defined' };
  }

  /**
   * Runs code for a user. Throws CodeRunError when it cannot run at all (unavailable, no key); a
   * program that fails or meets a limit is a result, its output kept.
   */
  async run(input: CodeRunInput): Promise<CodeRunOutput> {
    const { runner } = this.deps;
    const status = await runner.status();
    if (!status.available) throw new CodeRunError('unavailable', status.reason ?? 'Code cannot run on this server');
    if (!status.languages.includes(input.lang)) {
      throw new CodeRunError('unavailable', `${input.lang} code does not run on this server`);
    }
    const userApiKey = status.requiresUserKey
      ? await getUserCodeApiKey(this.deps.credentials, input.userId)
      : undefined;
    if (status.requiresUserKey && !userApiKey)
      throw new CodeRunError('key_required', 'Add your Code API key to run code.');

    const files = await conversationInputFiles(this.deps, input);
    const run = await runner.run({
      userId: input.userId,
      conversationId: input.conversationId,
      lang: input.lang,
      code: input.code,
      files,
      ...(input.args?.length ? { args: [...input.args] } : {}),
      ...(userApiKey ? { userApiKey } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
    });
    const toolCallId = input.toolCallId ?? newId();
    const attachments = await storeProducedFiles(this.deps, {
      userId: input.userId,
      conversationId: input.conversationId,
      messageId: input.messageId,
      toolCallId,
      // A stopped run's files are not kept: nobody waits for them.
      files: run.aborted ? [] : run.files,
      // The working folder goes this long after its last run, and the files with it.
      expiresAt: new Date(Date.now() + (status.filesTtlMs ?? DEFAULT_FILES_TTL_MS)).toISOString(),
    });
    return { toolCallId, result: formatCodeResult(run, run.files), attachments, run };
  }
}
