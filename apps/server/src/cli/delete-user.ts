import { COMMAND_LINE } from '../features/admin/audit/record-admin-action.js';
import { flag, readSecret, runCli, UsageError } from './cli-context.js';

const USAGE = 'Usage: npm run delete-user -- <email> [--yes]   (without --yes, type the email again to confirm)';

/** LibreChat's delete-user: the account with every row and file of it, after a typed confirmation. */
runCli(USAGE, async ({ users, args, options, findUser }) => {
  const [email] = args;
  if (!email) throw new UsageError('');
  const user = await findUser(email);
  const confirmation = flag(options, 'yes', false)
    ? user.email
    : await readSecret(`Delete ${user.email} and all their data? Type the email to confirm: `);
  await users.remove(COMMAND_LINE, user.id, confirmation);
  console.log(`Deleted ${user.email} and all their data.`);
  return 0;
});
