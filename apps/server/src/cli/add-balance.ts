import { adminCreditsSchema } from '@confab/shared';
import { COMMAND_LINE } from '../features/admin/audit/record-admin-action.js';
import { runCli, UsageError } from './cli-context.js';

const USAGE = 'Usage: npm run add-balance -- <email> <credits> [reason]   (a negative amount deducts)';

/** LibreChat's add-balance: credits through the ledger (admin_grant / admin_deduct), with a reason. */
runCli(USAGE, async ({ users, args, findUser, config }) => {
  const [email, amountArg, ...reasonWords] = args;
  const amount = Number(amountArg);
  if (!email || !Number.isInteger(amount) || amount === 0) throw new UsageError('');
  if (!config.balance.enabled) {
    console.error('The token balance is off: set balance.enabled to true in the config (CONFIG_PATH).');
    return 1;
  }
  const user = await findUser(email);
  const parsed = adminCreditsSchema.safeParse({
    direction: amount > 0 ? 'grant' : 'deduct',
    amount: Math.abs(amount),
    reason: reasonWords.join(' ') || 'Added from the command line',
  });
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => i.message).join('\n'));
  const { user: after } = await users.changeCredits(COMMAND_LINE, user.id, parsed.data);
  console.log(
    `${amount > 0 ? 'Added' : 'Deducted'} ${Math.abs(amount)} credits: ${after.email} now has ${after.balance ?? 0}.`,
  );
  return 0;
});
