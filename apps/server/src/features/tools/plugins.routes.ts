import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { nowIso } from '../../platform/ids.js';
import { parseInput } from '../../platform/parse.js';
import { findUserPlugins } from '../users/users.repo.js';
import { pluginsFor } from './plugin-shape.js';

const updateUserPluginsSchema = z.object({
  pluginKey: z.string().min(1).max(200),
  action: z.enum(['install', 'uninstall']),
  auth: z.record(z.string().max(200), z.string().max(10_000)).optional(),
  /** LibreChat's agents tools flag; tools are the same here either way. */
  isEntityTool: z.boolean().optional(),
});

/**
 * The plugin store (deprecated in LibreChat, kept for its clients): `GET /api/plugins` lists the
 * registry's tools as plugins, `POST /api/user/plugins` installs one (its credentials stored
 * encrypted, its key added to the user's `plugins`) or uninstalls it (both removed).
 */
export async function pluginsRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.authenticate };

  app.get('/api/plugins', auth, async (request) => pluginsFor(app.tools, request.user.id));

  app.post('/api/user/plugins', auth, async (request) => {
    const body = parseInput(updateUserPluginsSchema, request.body);
    const userId = request.user.id;
    // An MCP server's user values (`mcp_{server}`) are kept like a tool's credentials.
    const tool = (await app.tools.get(userId, body.pluginKey)) ?? app.mcp.credentialTarget(body.pluginKey);
    if (body.action === 'install') {
      if (!tool) throw new AppError('not_found', 'Tool not found');
      const fields = tool.auth ?? [];
      // Only the fields the tool declares are kept, and every one of them must be given.
      const values: Record<string, string> = {};
      for (const field of fields) {
        const value = body.auth?.[field.authField]?.trim();
        if (!value) throw new AppError('validation_error', `${field.label} is required`, { issues: [{ path: `auth.${field.authField}`, message: 'Required' }] });
        values[field.authField] = value;
      }
      if (fields.length > 0) await app.tools.credentials.save(userId, tool.name, values);
    } else {
      // Uninstalling a tool that is gone still forgets what was kept for it.
      await app.tools.credentials.delete(userId, body.pluginKey);
    }
    await app.db.kysely.transaction().execute(async (trx) => {
      const plugins = new Set(await findUserPlugins(trx, userId));
      if (body.action === 'install') plugins.add(body.pluginKey);
      else plugins.delete(body.pluginKey);
      await trx.updateTable('users').set({ plugins: JSON.stringify([...plugins]), updated_at: nowIso() }).where('id', '=', userId).execute();
    });
    return {};
  });
}
