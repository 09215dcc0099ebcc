import { createAdminUserSchema } from '@confab/shared';
import { COMMAND_LINE } from '../features/admin/audit/record-admin-action.js';
import { runCli, UsageError } from './cli-context.js';

const USAGE = 'Usage: npm run invite-user -- <email> [--role=USER|ADMIN]';

/**
 * LibreChat's invite-user: a single-use sign-up link for that address, which works while
 * registration is closed. Mailed when a mail server is configured, else printed to pass on.
 */
runCli(USAGE, async ({ users, args, options }) => {
  const [email] = args;
  if (!email) throw new UsageError('');
  const parsed = createAdminUserSchema.safeParse({
    mode: 'invite',
    email,
    role: (options.get('role') ?? 'USER').toUpperCase(),
  });
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => i.message).join('\n'));
  const made = await users.create(COMMAND_LINE, parsed.data);
  if (made.isMailed) console.log(`Invited ${made.user.email}: the sign-up link was mailed.`);
  else
    console.log(
      `Invited ${made.user.email}. No mail server is configured: send them this link.\n${made.inviteLink ?? ''}`,
    );
  return 0;
});
