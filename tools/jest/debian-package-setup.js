const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

/** A Jest global setup that installs a Debian package the specs need unless its binary is there. */
module.exports = function debianPackageSetup(packageName, binary, neededBy) {
  return function installDebianPackage() {
    const script = join(__dirname, '../setup-debian-package.sh');
    const { status } = spawnSync('sh', [script, packageName, binary], { stdio: 'inherit' });
    if (status !== 0)
      throw new Error(
        `tools/setup-debian-package.sh ${packageName} failed (exit ${status}): ${neededBy} need ${binary}`,
      );
  };
};
