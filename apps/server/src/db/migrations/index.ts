import type { Migration } from 'kysely';
import * as accounts from './001-accounts.js';
import * as chat from './002-chat.js';
import * as conversationManagement from './003-conversation-management.js';
import * as keysPresets from './005-keys-presets.js';
import * as searchFinishedReplies from './006-search-finished-replies.js';
import * as sqliteSearchBacklog from './007-sqlite-search-backlog.js';
import * as files from './008-files.js';
import * as agents from './009-agents.js';
import * as actions from './010-actions.js';
import * as fileChunks from './011-file-chunks.js';
import * as memes from './012-memes.js';
import * as accountSecurity from './013-account-security.js';
import * as billing from './014-billing.js';
import * as managedEndpoints from './015-managed-endpoints.js';
import * as analyticsChatId from './016-analytics-chat-id.js';
import * as addedConvoReplies from './017-added-convo-replies.js';
import * as prompts from './018-prompts.js';
import * as messageAttachments from './019-message-attachments.js';
import * as fileExpiry from './020-file-expiry.js';
import * as memeLinks from './021-meme-links.js';
import * as memeTemplates from './022-meme-templates.js';
import * as adminAudit from './023-admin-audit.js';
import * as banners from './024-banners.js';
import * as emailChanges from './025-email-changes.js';
import * as usageIndexes from './026-usage-indexes.js';
import * as memories from './027-memories.js';
import * as scopedMemories from './028-scoped-memories.js';

/** Every migration, in order. Names sort lexicographically; never rename one that shipped. */
export const migrations: Record<string, Migration> = {
  '001-accounts': accounts,
  '002-chat': chat,
  '003-conversation-management': conversationManagement,
  '005-keys-presets': keysPresets,
  '006-search-finished-replies': searchFinishedReplies,
  '007-sqlite-search-backlog': sqliteSearchBacklog,
  '008-files': files,
  '009-agents': agents,
  '010-actions': actions,
  '011-file-chunks': fileChunks,
  '012-memes': memes,
  '013-account-security': accountSecurity,
  '014-billing': billing,
  '015-managed-endpoints': managedEndpoints,
  '016-analytics-chat-id': analyticsChatId,
  '017-added-convo-replies': addedConvoReplies,
  '018-prompts': prompts,
  '019-message-attachments': messageAttachments,
  '020-file-expiry': fileExpiry,
  '021-meme-links': memeLinks,
  '022-meme-templates': memeTemplates,
  '023-admin-audit': adminAudit,
  '024-banners': banners,
  '025-email-changes': emailChanges,
  '026-usage-indexes': usageIndexes,
  '027-memories': memories,
  '028-scoped-memories': scopedMemories,
};
