import type { Transaction } from 'kysely';
import type { ConversationsTable, Database, MessagesTable } from '../../db/schema.js';
import type { ImportedConversation } from './normalize-conversation.js';

/**
 * Rows per multi-row INSERT. 500 messages x 17 columns stays far below PostgreSQL's 65,535 and
 * SQLite's 32,766 bound parameters.
 */
const ROWS_PER_INSERT = 500;
/** Flush early once this much text is pending, so long messages never pile up in one query. */
const CHARS_PER_INSERT = 4_000_000;

/**
 * Buffers imported rows and writes them with prepared multi-row inserts, conversations before
 * their messages (the foreign key), inside the caller's transaction. The row shapes are those
 * of insertConversation/insertMessage in the conversations and messages repositories, which
 * insert one row per round trip: 40,000 of those would take the 50 MB import far past a few
 * seconds.
 */
export class ImportWriter {
  private conversations: ConversationsTable[] = [];
  private messages: MessagesTable[] = [];
  private pendingChars = 0;

  constructor(
    private readonly trx: Transaction<Database>,
    private readonly userId: string,
  ) {}

  async add(conversation: ImportedConversation): Promise<void> {
    this.conversations.push({
      conversation_id: conversation.conversationId,
      user_id: this.userId,
      title: conversation.title,
      endpoint: conversation.endpoint,
      endpoint_type: conversation.endpointType,
      model: conversation.model,
      settings: JSON.stringify(conversation.settings),
      is_archived: 0,
      tags: '[]',
      expired_at: null,
      created_at: conversation.createdAt,
      updated_at: conversation.updatedAt,
    });
    for (const m of conversation.messages) {
      const content = m.content ? JSON.stringify(m.content) : null;
      this.messages.push({
        message_id: m.messageId,
        conversation_id: conversation.conversationId,
        user_id: this.userId,
        parent_message_id: m.parentMessageId,
        sender: m.sender,
        text: m.text,
        content,
        is_created_by_user: m.isCreatedByUser ? 1 : 0,
        model: m.model,
        endpoint: conversation.endpoint,
        error: 0,
        unfinished: 0,
        finish_reason: null,
        token_count: null,
        usage: null,
        created_at: m.createdAt,
        updated_at: m.createdAt,
      });
      this.pendingChars += m.text.length + (content?.length ?? 0);
      if (this.messages.length >= ROWS_PER_INSERT || this.pendingChars >= CHARS_PER_INSERT) await this.flush();
    }
    if (this.conversations.length >= ROWS_PER_INSERT) await this.flush();
  }

  async flush(): Promise<void> {
    const conversations = this.conversations;
    const messages = this.messages;
    this.conversations = [];
    this.messages = [];
    this.pendingChars = 0;
    if (conversations.length) await this.trx.insertInto('conversations').values(conversations).execute();
    if (messages.length) await this.trx.insertInto('messages').values(messages).execute();
  }
}
