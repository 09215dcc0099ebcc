import { z } from 'zod';
import { chainParents, epochToIso, isRecord, parseWith, pickSettings } from './import-helpers.js';
import type { Importer, RawConversation } from './types.js';

/**
 * LobeChat's config export (`exportType` sessions/all/singleSession): `{state: {sessions, topics,
 * messages}, version}`. Messages name their session and topic; every topic becomes a
 * conversation, and so do a session's messages outside any topic. Its `parentId` only points
 * answers at their question, so each conversation is read as a thread in time order.
 */
const messageSchema = z.object({
  role: z.string(),
  content: z.string().nullish(),
  createdAt: z.number().nullish(),
  sessionId: z.string().nullish(),
  topicId: z.string().nullish(),
  model: z.string().nullish(),
  fromModel: z.string().nullish(),
  provider: z.string().nullish(),
});

const sessionSchema = z.object({
  id: z.string(),
  meta: z.object({ title: z.string().nullish() }).nullish(),
  config: z.object({ model: z.string().nullish(), systemRole: z.string().nullish(), params: z.custom<Record<string, unknown>>(isRecord).nullish() }).nullish(),
  createdAt: z.number().nullish(),
  updatedAt: z.number().nullish(),
});

const topicSchema = z.object({
  id: z.string(),
  title: z.string().nullish(),
  sessionId: z.string().nullish(),
  createdAt: z.number().nullish(),
  updatedAt: z.number().nullish(),
});

const exportSchema = z.object({
  state: z.object({
    messages: z.array(messageSchema),
    sessions: z.array(sessionSchema).nullish(),
    topics: z.array(topicSchema).nullish(),
  }),
});

type LobeMessage = z.infer<typeof messageSchema>;

/** LobeChat's provider ids for the endpoints we name the same way. */
const ENDPOINT_BY_PROVIDER = new Map([
  ['openai', 'openAI'],
  ['anthropic', 'anthropic'],
  ['google', 'google'],
  ['bedrock', 'bedrock'],
  ['azure', 'azureOpenAI'],
]);

export const lobechatImporter: Importer = {
  format: 'lobechat',
  label: 'LobeChat',
  collections: ['root'],
  detect: (value) => isRecord(value) && isRecord(value.state) && Array.isArray(value.state.messages),
  read(value) {
    const { state } = parseWith(exportSchema, value, 'The LobeChat export');
    const sessions = new Map((state.sessions ?? []).map((s) => [s.id, s]));
    const topics = new Map((state.topics ?? []).map((t) => [t.id, t]));
    const groups = new Map<string, { sessionId: string; topicId: string | null; messages: { message: LobeMessage; index: number }[] }>();
    state.messages.forEach((message, index) => {
      const sessionId = message.sessionId ?? 'inbox';
      const topicId = message.topicId ?? null;
      const key = JSON.stringify([sessionId, topicId]);
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { sessionId, topicId, messages: [] }));
      group.messages.push({ message, index });
    });

    const conversations: RawConversation[] = [];
    for (const group of groups.values()) {
      const session = sessions.get(group.sessionId);
      const topic = group.topicId ? topics.get(group.topicId) : undefined;
      const ordered = group.messages.sort((a, b) => (a.message.createdAt ?? 0) - (b.message.createdAt ?? 0) || a.index - b.index);
      const messages = chainParents(
        ordered.map(({ message, index }) => ({
          id: `#${index}`,
          isCreatedByUser: message.role === 'user',
          text: message.content ?? '',
          createdAt: epochToIso(message.createdAt),
          model: message.role === 'assistant' ? (message.model ?? message.fromModel ?? null) : null,
          // Plugin results are raw JSON for the model, and system prompts live in the session.
          skip: message.role !== 'user' && message.role !== 'assistant',
        })),
      );
      const provider = ordered.find((m) => m.message.provider)?.message.provider ?? undefined;
      const systemRole = session?.config?.systemRole;
      conversations.push({
        title: topic?.title ?? session?.meta?.title,
        createdAt: epochToIso(topic?.createdAt ?? session?.createdAt),
        updatedAt: epochToIso(topic?.updatedAt ?? session?.updatedAt),
        endpoint: (provider && ENDPOINT_BY_PROVIDER.get(provider)) || 'openAI',
        model: session?.config?.model ?? null,
        settings: pickSettings({ ...session?.config?.params, ...(systemRole ? { promptPrefix: systemRole } : {}) }),
        assistantLabel: 'AI',
        messages,
      });
    }
    return conversations;
  },
};
