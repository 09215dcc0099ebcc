import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { canView } from '../agents/agent-access.js';
import { findAgent } from '../agents/agents.repo.js';
import { conversationMessageFileIds } from '../files/conversation-file-ids.js';
import type { ToolContext } from '../tools/tool-types.js';

/** The files one file_search run may read: whose, and which. */
export interface FileSearchFiles {
  /** The owner of the files (the agent's author): only their files among `fileIds` are read. */
  ownerId: string;
  fileIds: string[];
}

/** Decides what a run searches, from who runs it and where. */
export type FileSearchScope = (context: ToolContext) => Promise<FileSearchFiles>;

/** An agent the caller may use, as its row stores it. */
export interface UsableAgent {
  author: string;
  /** JSON text, LibreChat's `tool_resources` (`{ file_search: { file_ids: [...] } }`). */
  tool_resources: string;
}

/** Looks up an agent the user may use, or undefined (unknown, or private to someone else). */
export type FindUsableAgent = (userId: string, agentId: string) => Promise<UsableAgent | undefined>;

const toolResourcesSchema = z.object({
  file_search: z.object({ file_ids: z.array(z.string().max(100)).max(10_000).optional() }).optional(),
});

/** The file ids an agent's tool_resources attach for file_search; none when the JSON is unreadable. */
export function fileSearchIdsOf(toolResources: string): string[] {
  let json: unknown;
  try {
    json = JSON.parse(toolResources);
  } catch {
    return [];
  }
  const parsed = toolResourcesSchema.safeParse(json);
  return parsed.success ? (parsed.data.file_search?.file_ids ?? []) : [];
}

/**
 * The agents a user may chat with, by the agents feature's own rule (their own, and those shared
 * with everyone). A shared agent's files are its author's, so `ownerId` becomes the author;
 * nothing else widens what is read.
 */
export function findVisibleAgent(db: Db): FindUsableAgent {
  return async (userId, agentId) => {
    const row = await findAgent(db.kysely, agentId);
    return row && canView(row, { id: userId }) ? { author: row.author, tool_resources: row.tool_resources } : undefined;
  };
}

/**
 * With an agent: the files its `tool_resources.file_search` names, read as its author's. Without
 * one (an ephemeral agent, a plain chat with file search toggled on): the caller's own files of
 * this conversation, those uploaded for file_search in it and those its messages carry (a plain
 * chat's attachments name no tool resource). Only the caller's own are ever read (`ownerId`).
 */
export function createFileSearchScope(db: Db, findUsable: FindUsableAgent = findVisibleAgent(db)): FileSearchScope {
  return async (context) => {
    if (context.agentId) {
      const agent = await findUsable(context.userId, context.agentId);
      return agent
        ? { ownerId: agent.author, fileIds: fileSearchIdsOf(agent.tool_resources) }
        : { ownerId: context.userId, fileIds: [] };
    }
    const rows = await db.kysely
      .selectFrom('files')
      .select('file_id')
      .where('user_id', '=', context.userId)
      .where('conversation_id', '=', context.conversationId)
      .where('tool_resource', '=', 'file_search')
      .execute();
    const attached = await conversationMessageFileIds(db, context.userId, context.conversationId, {
      fromUserMessagesOnly: true,
    });
    return { ownerId: context.userId, fileIds: [...new Set([...rows.map((r) => r.file_id), ...attached])] };
  };
}
