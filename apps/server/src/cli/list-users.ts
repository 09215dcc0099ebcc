import { runCli } from './cli-context.js';

const USAGE = 'Usage: npm run list-users -- [search]';

/** LibreChat's list-users: every account (or those matching the search), newest first. */
runCli(USAGE, async ({ users, args }) => {
  const rows = [];
  for (let page = 1; ; page++) {
    const found = await users.list({ search: args[0], page, limit: 200 });
    rows.push(...found.users);
    if (page >= found.pagination.totalPages) break;
  }
  console.log(`${rows.length} user(s)`);
  for (const u of rows) {
    const status =
      u.bannedUntil && u.bannedUntil > new Date().toISOString()
        ? `banned until ${u.bannedUntil}`
        : u.isInvited
          ? 'invited'
          : 'active';
    console.log([u.email, u.name, u.role, u.provider, u.createdAt.slice(0, 10), status].join('\t'));
  }
  return 0;
});
