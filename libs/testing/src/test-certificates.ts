import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificates {
  /** Holds ca.pem, broker-cert.pem and broker-key.pem, as `broker.mjs --tls` expects. */
  dir: string;
  /** The CA's certificate, PEM: what a client trusts. */
  ca: string;
  remove(): void;
}

/**
 * A throwaway CA and a broker certificate it signed for 127.0.0.1, made with openssl (P-256 keys,
 * PKCS#8, valid one day).
 */
export function makeTestCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'kafka-tls-'));
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...newKey,
    '-keyout',
    'ca-key.pem',
    '-out',
    'ca.pem',
    '-days',
    '1',
    '-subj',
    '/CN=spec-ca',
  );
  openssl('req', ...newKey, '-keyout', 'broker-key.pem', '-out', 'broker.csr', '-subj', '/CN=127.0.0.1');
  writeFileSync(join(dir, 'san.cnf'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl(
    'x509',
    '-req',
    '-in',
    'broker.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca-key.pem',
    '-CAcreateserial',
    '-out',
    'broker-cert.pem',
    '-days',
    '1',
    '-extfile',
    'san.cnf',
  );
  return {
    dir,
    ca: readFileSync(join(dir, 'ca.pem'), 'utf8'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
