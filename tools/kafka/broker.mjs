#!/usr/bin/env node
// A single-node Apache Kafka broker (KRaft, broker and controller in one JVM) on loopback, for tests
// and local runs without Docker. The jars come from Maven Central through pom.xml and are cached.
//
//   node tools/kafka/broker.mjs fetch                      fetch the jars (once; later runs use the cache)
//   node tools/kafka/broker.mjs start [--port 19092] [--data-dir tmp/kafka]   start in the background
//   node tools/kafka/broker.mjs stop [--data-dir tmp/kafka]                   stop what start started
//   node tools/kafka/broker.mjs run [--port 0] [--data-dir <dir>]             foreground, until SIGTERM or stdin ends
//   --sasl-plain <user>:<password> (start, run): the client listener asks for SASL/PLAIN with that one user
//   --sasl-scram <user>:<password> (start, run): SASL/SCRAM-SHA-256 and -512 instead, the user made as the store is formatted
//   --tls <dir> (start, run): the client listener speaks TLS with <dir>/broker-cert.pem, broker-key.pem and ca.pem
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import kafkajs from 'kafkajs';

const here = dirname(fileURLToPath(import.meta.url));
const pomPath = join(here, 'pom.xml');
const repoRoot = resolve(here, '../..');
export const DEFAULT_PORT = 19092;
export const DEFAULT_DATA_DIR = join(repoRoot, 'tmp/kafka');
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 30_000;

/** Where the jars live: keyed by the pom's content, so editing the pom fetches again. */
export function cacheDir() {
  const pom = readFileSync(pomPath, 'utf8');
  const version = /<kafka\.version>([^<]+)</.exec(pom)?.[1] ?? 'unknown';
  const digest = createHash('sha256').update(pom).digest('hex').slice(0, 12);
  const base =
    process.env.SHIPPING_KAFKA_CACHE ??
    join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'shipping-kafka');
  return join(base, `kafka-${version}-${digest}`);
}

/** Fetches the broker's jars with Maven unless cached; returns the classpath. */
export function fetchBrokerJars({ log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  const dir = cacheDir();
  const libs = join(dir, 'libs');
  if (existsSync(join(dir, 'complete'))) {
    return join(libs, '*');
  }
  // Test files start brokers in parallel: one of them fetches, the others wait for its cache.
  const lock = `${dir}.lock`;
  mkdirSync(dirname(dir), { recursive: true });
  const giveUp = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch {
      const owner = readIfThere(lock);
      if (owner !== '' && !isAlive(Number(owner))) rmSync(lock, { force: true });
      else if (Date.now() > giveUp) throw new Error(`kafka: ${lock} is held by process ${owner}`);
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
  try {
    if (!existsSync(join(dir, 'complete'))) fetchInto(dir, log);
  } finally {
    rmSync(lock, { force: true });
  }
  return join(libs, '*');
}

function readIfThere(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function fetchInto(dir, log) {
  log(`kafka: fetching the broker jars with Maven into ${dir}`);
  const started = Date.now();
  // A fetch interrupted halfway must never leave a cache that looks whole.
  const staging = `${dir}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const mvn = spawnSync(
    'mvn',
    [
      '-B',
      '-q',
      '-Dstyle.color=never',
      '-f',
      pomPath,
      'dependency:copy-dependencies',
      `-DoutputDirectory=${join(staging, 'libs')}`,
    ],
    { stdio: ['ignore', 2, 2] },
  );
  if (mvn.error || mvn.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(
      `kafka: mvn dependency:copy-dependencies failed (${mvn.error?.message ?? `exit ${mvn.status}`})`,
    );
  }
  writeFileSync(join(staging, 'complete'), new Date().toISOString());
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
  log(`kafka: fetched in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** Kafka's cluster ids are 16 random bytes in base64url; like Kafka, avoid one a CLI would read as an option. */
function clusterId() {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

const quote = (text) => `"${text.replace(/["\\]/g, '\\$&')}"`;

/** The client listener's protocol: SASL or not, over TLS or not. */
function protocolOf({ sasl, tls }) {
  if (sasl) return tls ? 'SASL_SSL' : 'SASL_PLAINTEXT';
  return tls ? 'SSL' : 'PLAINTEXT';
}

/** SASL on the client listener: one PLAIN user, or one user of both SCRAM mechanisms (the broker uses it too). */
function saslProperties(prefix, sasl) {
  if (sasl.mechanism === 'plain') {
    return [
      'sasl.enabled.mechanisms=PLAIN',
      'sasl.mechanism.inter.broker.protocol=PLAIN',
      `${prefix}.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required ` +
        `username=${quote(sasl.username)} password=${quote(sasl.password)} user_${sasl.username}=${quote(sasl.password)};`,
    ];
  }
  const login = `org.apache.kafka.common.security.scram.ScramLoginModule required username=${quote(sasl.username)} password=${quote(sasl.password)};`;
  return [
    'sasl.enabled.mechanisms=SCRAM-SHA-256,SCRAM-SHA-512',
    'sasl.mechanism.inter.broker.protocol=SCRAM-SHA-256',
    `${prefix}.scram-sha-256.sasl.jaas.config=${login}`,
    `${prefix}.scram-sha-512.sasl.jaas.config=${login}`,
  ];
}

/**
 * TLS on the client listener: the broker's certificate and key (PKCS#8), and the CA that signed
 * it, all PEM; the broker connects to itself through the same listener, so it trusts that CA.
 */
function tlsProperties(prefix, tls) {
  return [
    `${prefix}.ssl.keystore.type=PEM`,
    `${prefix}.ssl.keystore.location=${tls.keystore}`,
    `${prefix}.ssl.truststore.type=PEM`,
    `${prefix}.ssl.truststore.location=${tls.ca}`,
    `${prefix}.ssl.endpoint.identification.algorithm=https`,
  ];
}

/** The client listener: PLAINTEXT, SASL (PLAIN or SCRAM) and/or TLS. */
function listenerProperties(port, { sasl, tls }) {
  const protocol = protocolOf({ sasl, tls });
  const prefix = `listener.name.${protocol.toLowerCase()}`;
  return [
    `advertised.listeners=${protocol}://127.0.0.1:${port}`,
    `inter.broker.listener.name=${protocol}`,
    `listener.security.protocol.map=${protocol}:${protocol},CONTROLLER:PLAINTEXT`,
    ...(sasl ? saslProperties(prefix, sasl) : []),
    ...(tls ? tlsProperties(prefix, tls) : []),
  ];
}

function serverProperties({ port, controllerPort, dataDir, sasl, tls }) {
  return [
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
    `listeners=${protocolOf({ sasl, tls })}://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
    'controller.listener.names=CONTROLLER',
    ...listenerProperties(port, { sasl, tls }),
    `log.dirs=${join(dataDir, 'logs')}`,
    // Topics are created by the apps with the partitions they need; a typo must not create one.
    'auto.create.topics.enable=false',
    'num.partitions=1',
    'offsets.topic.replication.factor=1',
    'offsets.topic.num.partitions=5',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'min.insync.replicas=1',
    // One broker: nothing to wait for before a new consumer group gets its partitions.
    'group.initial.rebalance.delay.ms=0',
    'num.network.threads=2',
    'num.io.threads=2',
    'background.threads=2',
    'num.recovery.threads.per.data.dir=1',
    'log.retention.hours=24',
    '',
  ].join('\n');
}

const log4jProperties = (dataDir) =>
  [
    'log4j.rootLogger=INFO, file',
    'log4j.appender.file=org.apache.log4j.FileAppender',
    `log4j.appender.file.File=${join(dataDir, 'broker.log')}`,
    'log4j.appender.file.layout=org.apache.log4j.PatternLayout',
    'log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n',
    'log4j.logger.kafka.request.logger=WARN',
    'log4j.logger.state.change.logger=WARN',
    '',
  ].join('\n');

/**
 * The class-data archive of the broker's jars (AppCDS, decision 0132): written by the first broker
 * that finds none, as it exits, and mapped by every JVM after it instead of loading and verifying
 * the same classes again. Beside the jars, so a new pom has an archive of its own.
 */
const classArchive = () => join(cacheDir(), 'broker.jsa');

function classDataArgs(archiveToWrite) {
  if (archiveToWrite) return [`-XX:ArchiveClassesAtExit=${archiveToWrite}`];
  return existsSync(classArchive()) ? [`-XX:SharedArchiveFile=${classArchive()}`] : [];
}

function javaArgs(classpath, dataDir, mainClass, args, archiveToWrite) {
  return [
    '-Xms64m',
    '-Xmx256m',
    '-XX:+UseSerialGC',
    // A broker here lives seconds to minutes under light load: C2's compilations, which it never
    // earns back, cost it a third of its CPU; C1 alone compiles what it runs.
    '-XX:TieredStopAtLevel=1',
    ...classDataArgs(archiveToWrite),
    `-Dlog4j.configuration=file:${join(dataDir, 'log4j.properties')}`,
    '-cp',
    classpath,
    mainClass,
    ...args,
  ];
}

/** The broker's PEM keystore: its key and certificate in one file, as Kafka reads them. */
function brokerTls(tlsDir, dataDir) {
  if (!tlsDir) return undefined;
  const keystore = join(dataDir, 'broker-keystore.pem');
  const read = (name) => readFileSync(join(tlsDir, name), 'utf8');
  writeFileSync(keystore, `${read('broker-key.pem').trim()}\n${read('broker-cert.pem').trim()}\n`, {
    mode: 0o600,
  });
  return { keystore, ca: join(tlsDir, 'ca.pem') };
}

/** SCRAM users exist before the broker starts: they are written into the store as it is formatted. */
const scramUsers = (sasl) =>
  sasl?.mechanism === 'scram'
    ? ['SCRAM-SHA-256', 'SCRAM-SHA-512'].flatMap((mechanism) => [
        '--add-scram',
        `${mechanism}=[name=${sasl.username},password=${sasl.password}]`,
      ])
    : [];

/** Writes the configuration and formats the store once; a formatted data folder keeps its topics. */
function prepare({ classpath, port, controllerPort, dataDir, sasl, tlsDir }) {
  mkdirSync(dataDir, { recursive: true });
  const properties = join(dataDir, 'server.properties');
  const tls = brokerTls(tlsDir, dataDir);
  writeFileSync(properties, serverProperties({ port, controllerPort, dataDir, sasl, tls }));
  writeFileSync(join(dataDir, 'log4j.properties'), log4jProperties(dataDir));
  if (!existsSync(join(dataDir, 'logs', 'meta.properties'))) {
    const format = spawnSync(
      'java',
      javaArgs(classpath, dataDir, 'kafka.tools.StorageTool', [
        'format',
        '-t',
        clusterId(),
        '-c',
        properties,
        ...scramUsers(sasl),
      ]),
      {
        encoding: 'utf8',
      },
    );
    if (format.status !== 0) {
      throw new Error(
        `kafka: formatting the KRaft store failed: ${format.stderr || format.stdout || format.error?.message}`,
      );
    }
  }
  return properties;
}

async function waitUntilAnswering(brokers, exited, sasl, tlsDir) {
  const kafka = new kafkajs.Kafka({
    clientId: 'broker-readiness',
    brokers,
    ...(sasl
      ? {
          sasl: {
            mechanism: sasl.mechanism === 'scram' ? 'scram-sha-256' : 'plain',
            username: sasl.username,
            password: sasl.password,
          },
        }
      : {}),
    ...(tlsDir ? { ssl: { ca: [readFileSync(join(tlsDir, 'ca.pem'), 'utf8')] } } : {}),
    logLevel: kafkajs.logLevel.NOTHING,
    retry: { retries: 0 },
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited()) throw new Error('kafka: the broker exited while starting');
    const admin = kafka.admin();
    try {
      await admin.connect();
      const cluster = await admin.describeCluster();
      if (cluster.controller !== null && cluster.brokers.length > 0) return;
    } catch {
      // not answering yet
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  throw new Error(`kafka: the broker did not answer within ${READY_TIMEOUT_MS / 1000} s`);
}

function waitForExit(child, ms) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((done) => {
    const timer = setTimeout(() => done(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      done(true);
    });
  });
}

/**
 * Starts a broker and resolves once a Kafka admin client gets an answer from it. `port` 0 takes a
 * free port. `stop()` sends SIGTERM (a clean shutdown that keeps the data folder usable), waits,
 * and kills it only if it has not exited after 30 s. `detached` lets the broker outlive this process.
 */
export async function startBroker({ port = 0, dataDir, detached = false, sasl, tlsDir } = {}) {
  const directory = resolve(dataDir ?? DEFAULT_DATA_DIR);
  const classpath = fetchBrokerJars();
  const brokerPort = port || (await freePort());
  const controllerPort = await freePort();
  const started = Date.now();
  const properties = prepare({
    classpath,
    port: brokerPort,
    controllerPort,
    dataDir: directory,
    sasl,
    tlsDir,
  });
  const output = openSync(join(directory, 'broker.out'), 'a');
  // Brokers started at once may each write an archive: each writes its own, the first rename wins.
  // A detached broker outlives this process, which could not rename what it writes.
  const archiveToWrite =
    detached || existsSync(classArchive()) ? undefined : `${classArchive()}.${process.pid}.${brokerPort}.tmp`;
  const child = spawn('java', javaArgs(classpath, directory, 'kafka.Kafka', [properties], archiveToWrite), {
    stdio: ['ignore', output, output],
    detached,
  });
  if (archiveToWrite) child.once('exit', () => keepClassArchive(archiveToWrite));
  const brokers = [`127.0.0.1:${brokerPort}`];
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
      child.kill('SIGKILL');
      await waitForExit(child, 5_000);
    }
  };
  try {
    await waitUntilAnswering(
      brokers,
      () => child.exitCode !== null || child.signalCode !== null,
      sasl,
      tlsDir,
    );
  } catch (error) {
    await stop();
    throw new Error(`${error.message} (see ${join(directory, 'broker.log')} and broker.out)`);
  }
  if (detached) child.unref();
  return { brokers, pid: child.pid, dataDir: directory, startMs: Date.now() - started, stop };
}

function keepClassArchive(written) {
  if (!existsSync(written)) return;
  if (existsSync(classArchive())) rmSync(written, { force: true });
  else renameSync(written, classArchive());
}

function isOurBroker(pid, dataDir) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(join(dataDir, 'server.properties'));
  } catch {
    return false;
  }
}

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function stopDetached(dataDir) {
  const pidFile = join(dataDir, 'broker.pid');
  if (!existsSync(pidFile)) return false;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  rmSync(pidFile);
  if (!isOurBroker(pid, dataDir)) return false;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((wait) => setTimeout(wait, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  return true;
}

function option(args, name, fallback) {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
}

/**
 * `--sasl-plain user:password` or `--sasl-scram user:password`: the one user of a SASL client
 * listener, PLAIN or SCRAM-SHA-256 and -512. SCRAM passwords go into the format command's
 * `--add-scram` list, so they may not hold `,` `[` `]` or `=`.
 */
function saslOption(args) {
  const mechanism = args.includes('--sasl-scram') ? 'scram' : 'plain';
  const name = `--sasl-${mechanism}`;
  const credentials = option(args, name, undefined);
  if (credentials === undefined) return undefined;
  const colon = credentials.indexOf(':');
  if (colon < 1 || !/^[A-Za-z0-9_.-]+$/.test(credentials.slice(0, colon)))
    throw new Error(`kafka: ${name} takes <user>:<password>, the user of letters, digits, _ . or -`);
  const password = credentials.slice(colon + 1);
  if (mechanism === 'scram' && !/^[^,[\]=\s]+$/.test(password))
    throw new Error('kafka: --sasl-scram takes a password without spaces, commas, brackets or =');
  return { mechanism, username: credentials.slice(0, colon), password };
}

/** `--tls <folder>`: the client listener speaks TLS with the folder's broker-cert.pem, broker-key.pem and ca.pem. */
function tlsOption(args) {
  const folder = option(args, '--tls', undefined);
  return folder === undefined ? undefined : resolve(folder);
}

async function main(argv) {
  const [command = 'help', ...args] = argv;
  const dataDir = resolve(option(args, '--data-dir', DEFAULT_DATA_DIR));
  switch (command) {
    case 'fetch':
      console.log(fetchBrokerJars());
      return;
    case 'start': {
      if (existsSync(join(dataDir, 'broker.pid'))) await stopDetached(dataDir);
      const broker = await startBroker({
        port: Number(option(args, '--port', DEFAULT_PORT)),
        dataDir,
        detached: true,
        sasl: saslOption(args),
        tlsDir: tlsOption(args),
      });
      writeFileSync(join(dataDir, 'broker.pid'), String(broker.pid));
      console.log(
        JSON.stringify({ brokers: broker.brokers, pid: broker.pid, dataDir, startMs: broker.startMs }),
      );
      return;
    }
    case 'stop':
      console.log((await stopDetached(dataDir)) ? 'kafka: stopped' : 'kafka: no broker was running');
      return;
    case 'run': {
      // Whoever started this (a test run) may stop it as soon as it reads the line below, or die
      // without a word (its end of stdin closes): the handlers are in place before the broker
      // starts. A signal that came before them killed this script and left the broker running.
      // A handler runs on a later turn of the event loop, once `starting` below is assigned.
      let starting;
      let stopping;
      const stop = () => {
        stopping ??= starting
          .then((broker) => broker.stop())
          .then(
            () => process.exit(0),
            () => process.exit(1),
          );
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
      const stdin = fstatSync(0);
      if (stdin.isFIFO() || stdin.isSocket()) process.stdin.on('end', stop).on('close', stop).resume();
      starting = startBroker({
        port: Number(option(args, '--port', 0)),
        dataDir,
        sasl: saslOption(args),
        tlsDir: tlsOption(args),
      });
      const broker = await starting;
      if (stopping) return;
      console.log(
        JSON.stringify({ brokers: broker.brokers, pid: broker.pid, dataDir, startMs: broker.startMs }),
      );
      return;
    }
    default:
      console.log(
        'usage: node tools/kafka/broker.mjs fetch | start [--port N] [--data-dir DIR] [--sasl-plain|--sasl-scram USER:PASSWORD] [--tls DIR] | stop [--data-dir DIR] | run [--port N] [--data-dir DIR] [--sasl-plain|--sasl-scram USER:PASSWORD] [--tls DIR]',
      );
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
