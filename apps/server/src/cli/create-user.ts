import { createAdminUserSchema } from '@confab/shared';
import { COMMAND_LINE } from '../features/admin/audit/record-admin-action.js';
import { flag, readSecret, runCli, UsageError } from './cli-context.js';

const USAGE =
  'Usage: npm run create-user -- <email> <name> [username] [--password=…] [--role=USER|ADMIN] [--email-verified=false]\n' +
  '       (without --password, the password is asked for, or read from stdin)';

/** LibreChat's create-user: an account with a password, its address verified unless told otherwise. */
runCli(USAGE, async ({ users, args, options }) => {
  const [email, name, username] = args;
  if (!email || !name) throw new UsageError('');
  const password = options.get('password') ?? (await readSecret('Password: '));
  const parsed = createAdminUserSchema.safeParse({
    mode: 'password',
    email,
    name,
    username,
    password,
    role: (options.get('role') ?? 'USER').toUpperCase(),
    emailVerified: flag(options, 'email-verified', true),
  });
  if (!parsed.success)
    throw new UsageError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  if (parsed.data.mode !== 'password') throw new UsageError('');
  const { user } = await users.create(COMMAND_LINE, parsed.data);
  console.log(`Created ${user.role === 'ADMIN' ? 'the administrator' : 'the user'} ${user.email} (${user.id}).`);
  return 0;
});
