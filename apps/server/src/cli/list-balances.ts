import { runCli } from './cli-context.js';

const USAGE = 'Usage: npm run list-balances';

/** LibreChat's list-balances: every account's credits, as GET /api/balance shows them. */
runCli(USAGE, async ({ users, config }) => {
  if (!config.balance.enabled) {
    console.error('The token balance is off: set balance.enabled to true in the config (CONFIG_PATH).');
    return 1;
  }
  for (let page = 1; ; page++) {
    const found = await users.list({ page, limit: 200 });
    for (const u of found.users) console.log(`${u.email}\t${u.balance ?? 0}`);
    if (page >= found.pagination.totalPages) break;
  }
  return 0;
});
