import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ManagedEndpointsTable } from '../../db/schema.js';

export type ManagedEndpointRow = Selectable<ManagedEndpointsTable>;

/** The `managed_endpoints` table: the setup screen's endpoints, oldest first. */
export class ManagedEndpointsRepo {
  constructor(private readonly db: Db) {}

  list(): Promise<ManagedEndpointRow[]> {
    return this.db.kysely.selectFrom('managed_endpoints').selectAll().orderBy('created_at').orderBy('id').execute();
  }

  find(id: string): Promise<ManagedEndpointRow | undefined> {
    return this.db.kysely.selectFrom('managed_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: ManagedEndpointRow): Promise<void> {
    await this.db.kysely.insertInto('managed_endpoints').values(row).execute();
  }

  async update(id: string, changes: Partial<Omit<ManagedEndpointRow, 'id' | 'created_at'>>): Promise<void> {
    await this.db.kysely.updateTable('managed_endpoints').set(changes).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.kysely.deleteFrom('managed_endpoints').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
