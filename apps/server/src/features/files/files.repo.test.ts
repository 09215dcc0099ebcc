import { describe, expect, it } from 'vitest';
import { describeEachDialect, useTestDatabase } from '../../../test/test-server.js';
import { nowIso } from '../../platform/ids.js';
import { deleteOwnedFiles, findOwnedFiles, insertFile, listOwnedFiles, type FileRow } from './files.repo.js';

async function addUser(db: ReturnType<typeof useTestDatabase>['db'], id: string): Promise<void> {
  const now = nowIso();
  await db.kysely
    .insertInto('users')
    .values({
      id,
      name: id,
      username: id,
      email: `${id}@example.com`,
      email_verified: 1,
      password_hash: null,
      avatar: null,
      role: 'USER',
      provider: 'local',
      two_factor_enabled: 0,
      totp_secret: null,
      backup_codes: '[]',
      plugins: '[]',
      terms_accepted: 0,
      banned_until: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

function row(userId: string, fileId: string, createdAt: string): FileRow {
  return {
    file_id: fileId,
    user_id: userId,
    conversation_id: null,
    message_id: null,
    temp_file_id: null,
    filename: 'a.txt',
    filepath: `/api/files/download/${userId}/${fileId}`,
    type: 'text/plain',
    bytes: 5,
    width: null,
    height: null,
    source: 'local',
    context: 'message_attachment',
    storage_key: `${userId}/${fileId}`,
    thumbnail_key: null,
    thumbnail_type: null,
    text: 'hello',
    embedded: 0,
    usage: 0,
    tool_resource: null,
    created_at: createdAt,
    updated_at: createdAt,
  };
}

describeEachDialect('files repository', (dialect) => {
  const t = useTestDatabase(dialect);

  describe('ownership', () => {
    it('finds, lists and deletes only the owner’s rows; rows go with their user', async () => {
      const db = t.db.kysely;
      await addUser(t.db, 'u1');
      await addUser(t.db, 'u2');
      await insertFile(db, row('u1', 'f1', '2024-01-01T00:00:00.000Z'));
      await insertFile(db, row('u1', 'f2', '2024-01-02T00:00:00.000Z'));
      await insertFile(db, row('u2', 'f3', '2024-01-03T00:00:00.000Z'));

      expect((await listOwnedFiles(db, 'u1')).map((r) => r.file_id)).toEqual(['f2', 'f1']);
      expect((await listOwnedFiles(db, 'u1'))[0]).not.toHaveProperty('text');
      expect((await findOwnedFiles(db, 'u1', ['f1', 'f3', 'nope'])).map((r) => r.file_id)).toEqual(['f1']);
      expect(await deleteOwnedFiles(db, 'u1', ['f3'])).toEqual([]);
      expect(await deleteOwnedFiles(db, 'u1', ['f1'])).toEqual([{ file_id: 'f1', storage_key: 'u1/f1', thumbnail_key: null }]);

      const withFiles = await db.selectFrom('messages').select('files').limit(1).execute();
      expect(withFiles).toEqual([]);
      await db.deleteFrom('users').where('id', '=', 'u2').execute();
      expect(await findOwnedFiles(db, 'u2', ['f3'])).toEqual([]);
    });
  });
});
