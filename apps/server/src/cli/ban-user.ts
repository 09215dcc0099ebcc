import { COMMAND_LINE } from '../features/admin/audit/record-admin-action.js';
import { runCli, UsageError } from './cli-context.js';

const USAGE = 'Usage: npm run ban-user -- <email> <minutes>   (0 lifts a ban)';

/**
 * `npm run ban-user -- <email> <minutes>` (LibreChat's ban-user script): bans the account for
 * that many minutes and ends its sessions; 0 minutes lifts a ban.
 */
runCli(USAGE, async ({ users, args, findUser }) => {
  const [email, minutesArg] = args;
  const minutes = Number(minutesArg);
  if (!email || minutesArg === undefined || !Number.isFinite(minutes) || minutes < 0) throw new UsageError('');
  const user = await findUser(email);
  const { bannedUntil } = await users.ban(COMMAND_LINE, user.id, Math.round(minutes * 60_000), 'ban');
  console.log(bannedUntil ? `Banned ${user.email} until ${bannedUntil}.` : `Lifted any ban of ${user.email}.`);
  return 0;
});
