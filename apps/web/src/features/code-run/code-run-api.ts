import { apiJson } from '../../lib/api-client';
import type { CodeRunAttachment, CodeRunRecord } from './code-run-result';
import type { CodeLanguage } from './runnable-language';

/** LibreChat's tool id of code execution, and the field its user-provided key is installed under. */
export const CODE_TOOL_ID = 'execute_code';
export const CODE_API_KEY_FIELD = 'LIBRECHAT_CODE_API_KEY';

/** GET /api/agents/tools/execute_code/auth (LibreChat's getVerifyAgentToolAuth). */
export interface CodeToolAuth {
  authenticated: boolean;
  /** 'user_provided': each user installs their own Code API key; 'system_defined' otherwise. */
  message: string;
  /** Ours, beyond LibreChat: the languages this server runs, when it says. */
  languages?: string[];
}

/** LibreChat's toolParams of a code block's run. */
export interface CodeRunParams {
  messageId: string;
  conversationId: string;
  partIndex: number;
  blockIndex: number;
  lang: CodeLanguage;
  code: string;
}

export interface CodeRunAnswer {
  result: string;
  attachments?: CodeRunAttachment[];
  exitCode?: number | null;
  killedBy?: string;
}

/** The Code API key's dialog (tool-keys/tool-key-dialog.tsx): where LibreChat's Code Interpreter API hands out keys. */
export const CODE_KEY_SPEC = {
  toolId: CODE_TOOL_ID,
  authField: CODE_API_KEY_FIELD,
  namespace: 'code-run',
  getKeyUrl: 'https://code.librechat.ai/pricing',
  testIdPrefix: 'code-key',
  dialogTestId: 'code-api-key-dialog',
} as const;

export const codeRunKeys = {
  // The same key as toolAuthKey(CODE_TOOL_ID) of the key dialog, which refreshes it after an install.
  auth: ['toolAuth', CODE_TOOL_ID] as const,
  calls: (conversationId: string) => ['toolCalls', conversationId] as const,
};

export function fetchCodeToolAuth(signal?: AbortSignal): Promise<CodeToolAuth> {
  return apiJson<CodeToolAuth>(`/api/agents/tools/${CODE_TOOL_ID}/auth`, { signal });
}

/** POST /api/agents/tools/execute_code/call (LibreChat's callTool): runs one block, kept with its message. */
export function callCodeTool(params: CodeRunParams): Promise<CodeRunAnswer> {
  return apiJson<CodeRunAnswer>(`/api/agents/tools/${CODE_TOOL_ID}/call`, { method: 'POST', json: params });
}

/** GET /api/agents/tools/calls (LibreChat's getToolCalls): the conversation's runs, oldest first. */
export function fetchToolCalls(conversationId: string, signal?: AbortSignal): Promise<CodeRunRecord[]> {
  return apiJson<CodeRunRecord[]>(`/api/agents/tools/calls?conversationId=${encodeURIComponent(conversationId)}`, {
    signal,
  });
}
