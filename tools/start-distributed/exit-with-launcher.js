'use strict';
// Preloaded (-r) into every app process the launcher forks: when the launcher's IPC channel closes
// without the launcher having stopped the app (the launcher was killed), the app stops as on SIGTERM.
process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
