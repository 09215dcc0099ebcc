import type { Role } from '@confab/shared';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { canView } from '../agents/agent-access.js';
import { findAgent, rowToolResources } from '../agents/agents.repo.js';
import { hasPermissions } from '../roles/require-permission.js';
import { toolError, toolInputSchemaOf } from '../tools/tool-output.js';
import type { ToolSource } from '../tools/tool-registry.js';
import type { ToolAuthField, ToolContext, ToolDefinition, ToolOutput } from '../tools/tool-types.js';
import { findUserById } from '../users/users.repo.js';
import type { CodeExecution } from './code-execution.service.js';
import { CodeRunError, type CodeLanguage } from './code-runner.js';

/** The tool's name, LibreChat's (Tools.execute_code): its calls show as a code interpreter's. */
export const EXECUTE_CODE_TOOL = 'execute_code';

/** LibreChat's languages for the tool; which of them run here is the runner's to say. */
const LANGUAGES = ['py', 'js', 'ts', 'c', 'cpp', 'java', 'php', 'rs', 'go', 'd', 'f90', 'r'] as const satisfies readonly CodeLanguage[];

const CODE_DESCRIPTION = [
  'The complete, self-contained code to execute, without any truncation or minimization.',
  "- Each execution is a new process: variables and imports don't persist between executions.",
  '- Files in /mnt/data (the working directory) persist between executions in this conversation; the files attached to the agent and to this conversation are there too.',
  '- Input code IS ALREADY displayed to the user, so DO NOT repeat it in your response unless asked.',
  '- Output IS NOT displayed to the user, so DO write all desired output explicitly.',
  '- py: this is not a Jupyter notebook environment. Use `print()` for all outputs.',
  '- py: Matplotlib: use `plt.savefig()` to save plots as files.',
  '- js and ts: use the `console` or `process` methods for all outputs.',
].join('\n');

const argsSchema = z.object({
  lang: z.enum(LANGUAGES).describe('The programming language or runtime to execute the code in.'),
  code: z.string().min(1).max(100_000).describe(CODE_DESCRIPTION),
  args: z
    .array(z.string().max(10_000))
    .max(100)
    .optional()
    .describe('Additional arguments to execute the code with. Only use this if the code requires additional arguments to run.'),
});

const DESCRIPTION = [
  'Runs code and returns its stdout/stderr output, like running a script in a command-line interface.',
  '',
  'Usage:',
  '- No network access available.',
  '- Generated files are automatically delivered to the user; DO NOT provide download links.',
  '- Save files to /mnt/data; later executions in this conversation can read them.',
  '- NEVER use this tool to execute malicious code.',
].join('\n');

export interface ExecuteCodeToolDeps {
  db: Db;
  codeExecution: CodeExecution;
  /** The agents capabilities the config enables (endpoints.agents.capabilities, or LibreChat's defaults). */
  capabilities: readonly string[];
  /** What each user must give first: the Code API key when the remote service is user_provided. */
  auth?: ToolAuthField[] | undefined;
}

/** Whether the user's role may run code (SPEC 6 RUN_CODE USE), read at each run. */
async function mayRunCode(db: Db, userId: string): Promise<boolean> {
  const user = await findUserById(db.kysely, userId);
  return user !== undefined && (await hasPermissions(db, { role: user.role as Role }, 'RUN_CODE', ['USE']));
}

/**
 * The agent's own files for the run (its `tool_resources.execute_code`), which are its author's,
 * as file_search reads an agent's files: only for an agent the caller may use.
 */
async function agentFilesOf(db: Db, context: ToolContext): Promise<{ ownerId: string; fileIds: string[] } | undefined> {
  if (!context.agentId) return undefined;
  const agent = await findAgent(db.kysely, context.agentId);
  if (!agent || !canView(agent, { id: context.userId })) return undefined;
  const fileIds = rowToolResources(agent).execute_code?.file_ids ?? [];
  return fileIds.length ? { ownerId: agent.author, fileIds } : undefined;
}

/**
 * `execute_code` (issue 37) in the one tool registry: an agent's code runs through the same
 * CodeExecution as the Run button (the app's CodeRunner, the conversation's and the agent's files
 * in /mnt/data, produced files kept as the user's). The output is LibreChat's text (stdout,
 * stderr, generated files); the files come back as the reply's attachments under the call.
 * Offered in a chat only with the agents capability on and RUN_CODE USE; every run checks
 * RUN_CODE again.
 */
export function createExecuteCodeToolSource(deps: ExecuteCodeToolDeps): ToolSource {
  const tool: ToolDefinition = {
    name: EXECUTE_CODE_TOOL,
    displayName: 'Code Interpreter',
    description: DESCRIPTION,
    descriptionForHuman: 'Runs Python, JavaScript and TypeScript with the files given to it, and returns the output, figures and files.',
    inputSchema: toolInputSchemaOf(argsSchema),
    kind: 'builtin',
    auth: deps.auth,
    isOfferedTo: async (user) =>
      deps.capabilities.includes(EXECUTE_CODE_TOOL) && (await hasPermissions(deps.db, user, 'RUN_CODE', ['USE'])),
    run: (context, args) => runCode(deps, context, args),
  };
  return { listTools: () => Promise.resolve([tool]) };
}

async function runCode(deps: ExecuteCodeToolDeps, context: ToolContext, args: unknown): Promise<ToolOutput> {
  const parsed = argsSchema.safeParse(args);
  if (!parsed.success) {
    return toolError(`execute_code needs "lang" (one of ${LANGUAGES.join(', ')}) and "code": ${parsed.error.issues[0]?.message ?? 'invalid arguments'}`);
  }
  if (!(await mayRunCode(deps.db, context.userId))) return toolError('You are not allowed to run code.');
  const agentFiles = await agentFilesOf(deps.db, context);
  try {
    const output = await deps.codeExecution.run({
      userId: context.userId,
      conversationId: context.conversationId,
      messageId: context.messageId,
      toolCallId: context.toolCallId,
      lang: parsed.data.lang,
      code: parsed.data.code,
      ...(parsed.data.args?.length ? { args: parsed.data.args } : {}),
      ...(agentFiles ? { extraFileIds: agentFiles.fileIds, extraFilesOwnerId: agentFiles.ownerId } : {}),
      signal: context.signal,
    });
    // Stopped with the chat: the loop ends here, and the reply keeps the call unfinished.
    if (context.signal.aborted) throw new Error('The run was stopped');
    return {
      parts: [{ type: 'text', text: output.result }],
      ...(output.attachments.length ? { attachments: output.attachments } : {}),
    };
  } catch (err) {
    if (context.signal.aborted) throw err;
    if (err instanceof CodeRunError) return toolError(err.message);
    throw err;
  }
}
