import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database.js';

const variant = process.env.V ?? 'base';
const dir = mkdtempSync(join(tmpdir(), 'fts-'));
const path = join(dir, 'db.sqlite');
const db = openDatabase({ sqlitePath: path });
await migrateToLatest(db);
await db.close();
const s = new Database(path);
s.pragma('journal_mode = WAL'); s.pragma('synchronous = NORMAL');
if (variant === 'nofts') for (const t of ['messages_search_insert', 'messages_search_update', 'conversations_search_insert', 'conversations_search_update']) s.exec(`drop trigger ${t}`);
if (variant === 'automerge8') { s.exec(`insert into message_fts(message_fts, rank) values('automerge', 8)`); s.exec(`insert into title_fts(title_fts, rank) values('automerge', 8)`); }
if (variant === 'automerge0') { s.exec(`insert into message_fts(message_fts, rank) values('automerge', 0)`); s.exec(`insert into title_fts(title_fts, rank) values('automerge', 0)`); }
if (variant === 'noprefix' || variant === 'prefix3') {
  for (const t of ['message_fts', 'title_fts']) { s.exec(`drop table ${t}`); s.exec(`create virtual table ${t} using fts5(body, conv, content='', contentless_delete=1${variant === 'prefix3' ? ", prefix='3'" : ''}, tokenize='unicode61 remove_diacritics 2')`); }
}
if (variant === 'detailnone') {
  for (const t of ['message_fts', 'title_fts']) { s.exec(`drop table ${t}`); s.exec(`create virtual table ${t} using fts5(body, conv, content='', contentless_delete=1, prefix='1 2 3', detail=column, tokenize='unicode61 remove_diacritics 2')`); }
}
const uid = randomUUID();
s.prepare(`insert into users (id, email, name, password_hash, role, created_at, updated_at) values (?, ?, 'x', 'x', 'USER', '', '')`).run(uid, uid + '@x');
const insConv = s.prepare(`insert into conversations (conversation_id, user_id, title, endpoint, endpoint_type, model, settings, is_archived, tags, expired_at, created_at, updated_at) values (?, ?, 'New Chat', 'openAI', null, 'm', '{}', 0, '[]', null, ?, ?)`);
const insMsg = s.prepare(`insert into messages (message_id, conversation_id, user_id, parent_message_id, sender, text, content, is_created_by_user, model, endpoint, error, unfinished, finish_reason, token_count, usage, created_at, updated_at) values (?, ?, ?, ?, 'User', ?, null, ?, 'm', 'openAI', 0, ?, null, null, null, ?, ?)`);
const updMsg = s.prepare(`update messages set text = ?, unfinished = 0, updated_at = ? where message_id = ?`);
const updTitle = s.prepare(`update conversations set title = ?, updated_at = ? where conversation_id = ?`);
const t = { plan: 0, final: 0, title: 0 };
const N = 3000;
const reply = Array.from({ length: 100 }, (_, i) => ['tok', 'the', 'answer', 'is', 'forty', 'two', 'and', 'more'][i % 8] + i % 13).join(' ');
for (let i = 0; i < N; i++) {
  const now = new Date().toISOString(); const c = randomUUID(), m1 = randomUUID(), m2 = randomUUID();
  let a = performance.now();
  s.transaction(() => { insConv.run(c, uid, now, now); insMsg.run(m1, c, uid, '00000000-0000-0000-0000-000000000000', 'hi there ' + i, 1, 0, now, now); insMsg.run(m2, c, uid, m1, '', 0, 1, now, now); })();
  t.plan += performance.now() - a; a = performance.now();
  s.transaction(() => { updMsg.run(reply, now, m2); })();
  t.final += performance.now() - a; a = performance.now();
  updTitle.run('hi there ' + i, now, c);
  t.title += performance.now() - a;
}
console.log(variant, Object.fromEntries(Object.entries(t).map(([k, v]) => [k, Math.round((1000 * v) / N) + 'us'])));
