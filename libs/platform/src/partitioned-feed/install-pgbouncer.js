const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

/** Jest global setup: installs PgBouncer for the specs behind a pooler unless it is there already. */
module.exports = function installPgBouncer() {
  const script = join(__dirname, '../../../../tools/setup-pgbouncer.sh');
  const { status } = spawnSync('sh', [script], { stdio: 'inherit' });
  if (status !== 0)
    throw new Error(
      `tools/setup-pgbouncer.sh failed (exit ${status}): the specs behind a pooler need /usr/sbin/pgbouncer`,
    );
};
