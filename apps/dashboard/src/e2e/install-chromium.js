const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

/** Jest global setup: installs Chromium for the browser tests unless it is there already. */
module.exports = function installChromium() {
  const script = join(__dirname, '../../../../tools/setup-chromium.sh');
  const { status } = spawnSync('sh', [script], { stdio: 'inherit' });
  if (status !== 0)
    throw new Error(
      `tools/setup-chromium.sh failed (exit ${status}): the browser tests need /usr/bin/chromium`,
    );
};
