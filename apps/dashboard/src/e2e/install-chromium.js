const debianPackageSetup = require('../../../../tools/jest/debian-package-setup');

/** Jest global setup: Debian's Chromium for the browser tests (playwright-core drives it). */
module.exports = debianPackageSetup('chromium', '/usr/bin/chromium', 'the browser tests');
