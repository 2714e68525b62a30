const debianPackageSetup = require('../../../../tools/jest/debian-package-setup');

/** Jest global setup: Debian's PgBouncer for the specs behind a pooler. */
module.exports = debianPackageSetup('pgbouncer', '/usr/sbin/pgbouncer', 'the specs behind a pooler');
