import { TEXT_LIMITS } from '@confab/shared';
import { COMMAND_LINE } from '../features/admin/audit/record-admin-action.js';
import { readSecret, runCli, UsageError } from './cli-context.js';

const USAGE = 'Usage: npm run reset-password -- <email> [--password=…]   (without it, asked for or read from stdin)';

/** LibreChat's reset-password: sets a new password and ends every session of the account. */
runCli(USAGE, async ({ users, args, options, findUser }) => {
  const [email] = args;
  if (!email) throw new UsageError('');
  const user = await findUser(email);
  const password = options.get('password') ?? (await readSecret('New password: '));
  if (password.length < TEXT_LIMITS.passwordMin || password.length > TEXT_LIMITS.passwordMax) {
    throw new UsageError(`The password must be ${TEXT_LIMITS.passwordMin} to ${TEXT_LIMITS.passwordMax} characters.`);
  }
  await users.resetPassword(COMMAND_LINE, user.id, password);
  console.log(`The password of ${user.email} was reset; every session of theirs ended.`);
  return 0;
});
