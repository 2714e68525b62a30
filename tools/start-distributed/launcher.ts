import type { Worker } from 'node:cluster';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { SANDBOX_ADMIN_API_KEY } from '@shipping/platform/config';
import { createMissingDatabases, databaseUrl, dropDatabases, redacted } from './app-databases';
import { allowToListen, type AppInstance, forkApp, forkGateway } from './app-instance';
import { startKafkaBroker, type LaunchedBroker } from './kafka-broker';
import { APPS, type AppName, type LauncherOptions } from './launcher-options';
import { ProcessLog } from './process-log';
import { restartDelayMs } from './restart-delay';

/** Every process of one app instance over the launcher's life: a crashed one is started again. */
interface Slot {
  app: AppName;
  name: string;
  env: Record<string, string>;
  log: ProcessLog;
  current?: AppInstance;
  crashes: number;
  restart?: NodeJS.Timeout;
}

/** The launch was given up because the launcher is stopping. */
export class LaunchStopped extends Error {}

/**
 * The distributed runtime on this machine: a broker, each app's database, every app instance as a
 * process, the gateways last and sharing one port (Node's cluster module), opened only once every
 * process is ready. After the launch, a process that exits is started again (restartDelayMs); the
 * broker exiting ends everything (`lost`).
 */
export class Launcher {
  private brokerStarting?: Promise<LaunchedBroker>;
  private readonly slots: Slot[] = [];
  private launched = false;
  private stopping?: Promise<void>;
  private readonly waitingGateways: Worker[] = [];
  private gatewaysOpen = false;
  private failLaunch: (error: Error) => void = () => undefined;
  private readonly launchFailure = new Promise<never>((_, fail) => (this.failLaunch = fail));
  private loseBroker: (error: Error) => void = () => undefined;
  /** Rejects when the broker ends while the runtime runs. */
  readonly lost = new Promise<never>((_, fail) => (this.loseBroker = fail));

  constructor(
    private readonly options: LauncherOptions,
    private readonly print: (line: string) => void,
  ) {
    this.launchFailure.catch(() => undefined);
    this.lost.catch(() => undefined);
  }

  /** Resolves once the gateways listen with every process ready behind them. */
  async start(): Promise<void> {
    const { options } = this;
    const databases = APPS.map((app) => `${options.databasePrefix}${app}`);
    await this.step(refuseTakenPorts(options));
    if (options.fresh) {
      await this.step(dropDatabases(options.databaseUrl, databases));
      rmSync(options.dataDir, { recursive: true, force: true });
      this.print(`fresh start: dropped ${databases.join(', ')} and ${this.shown(options.dataDir)}`);
    }
    mkdirSync(join(options.dataDir, 'logs'), { recursive: true });
    const kafkaDir = join(options.dataDir, 'kafka');
    this.brokerStarting = startKafkaBroker(options.kafkaPort, kafkaDir, (line) =>
      this.print(`kafka ${line}`),
    );
    const broker = await this.step(this.brokerStarting);
    void broker.exited.then(() => this.brokerEnded());
    this.printProcess('kafka#1', broker.pid, `${broker.address} (data in ${this.shown(kafkaDir)})`);
    const created = await this.step(createMissingDatabases(options.databaseUrl, databases));
    this.print(
      `databases ${databases.join(', ')} on ${redacted(options.databaseUrl)}` +
        (created.length > 0 ? ` (created ${created.join(', ')})` : ''),
    );
    this.warnOfSandboxAdminKey();
    for (const app of APPS) {
      for (let instance = 1; instance <= options.instances[app]; instance++) {
        this.slots.push(this.slotFor(app, instance, broker.address));
      }
    }
    await this.step(Promise.all(appsOf(this.slots).map((slot) => this.run(slot))));
    await this.step(Promise.all(gatewaysOf(this.slots).map((slot) => this.run(slot))));
    this.launched = true;
    const counts = APPS.map((app) => `${app} ${options.instances[app]}`).join(', ');
    this.print(
      `ready at http://${options.host}:${options.port} (${counts}; logs in ${this.shown(join(options.dataDir, 'logs'))}); Ctrl-C stops every process`,
    );
  }

  /** Stops the gateways, then the other apps, then the broker; safe to call again. */
  stop(): Promise<void> {
    this.stopping ??= this.stopEverything();
    return this.stopping;
  }

  private async stopEverything(): Promise<void> {
    this.failLaunch(new LaunchStopped('stopped while starting'));
    for (const slot of this.slots) clearTimeout(slot.restart);
    const stopAll = (slots: Slot[]) => Promise.all(slots.map((slot) => slot.current?.stop()));
    await stopAll(gatewaysOf(this.slots));
    await stopAll(appsOf(this.slots));
    const broker = await this.brokerStarting?.catch(() => undefined);
    await broker?.stop();
    await Promise.all(this.slots.map((slot) => slot.log.close()));
  }

  /** A step of the launch, given up when a process fails or the launcher stops meanwhile. */
  private async step<T>(work: Promise<T>): Promise<T> {
    const result = await Promise.race([work, this.launchFailure]);
    if (this.stopping) throw new LaunchStopped('stopped while starting');
    return result;
  }

  private slotFor(app: AppName, instance: number, brokerAddress: string): Slot {
    const { options } = this;
    const name = `${app}#${instance}`;
    const env: Record<string, string> = {
      KAFKA_BROKERS: brokerAddress,
      KAFKA_PARTITIONS: String(options.kafkaPartitions),
      STORE: 'postgres',
      DATABASE_URL: databaseUrl(options.databaseUrl, `${options.databasePrefix}${app}`),
      // Logs go to files: no colour codes in them.
      NO_COLOR: '1',
      // Shared by an app's instances: the label app's files must be found by whichever serves them.
      DATA_DIR: join(options.dataDir, app),
      PUBLIC_BASE_URL: process.env['PUBLIC_BASE_URL'] || `http://${linkHost(options.host)}:${options.port}`,
      ...(app === 'gateway'
        ? {
            PORT: String(options.port),
            HOST: options.host,
            ADMIN_API_KEY: process.env['ADMIN_API_KEY']?.trim() || SANDBOX_ADMIN_API_KEY,
          }
        : { METRICS_PORT: '0' }),
    };
    const log = new ProcessLog(join(options.dataDir, 'logs', `${app}-${instance}.log`));
    return { app, name, env, log, crashes: 0 };
  }

  /** Starts the slot's process and prints where it listens once it is ready. */
  private async run(slot: Slot): Promise<void> {
    const instance =
      slot.app === 'gateway'
        ? forkGateway(slot.env, slot.log, (worker) => this.letListen(worker))
        : forkApp(slot.app, slot.env, slot.log);
    slot.current = instance;
    void instance.exited.then((how) => this.exited(slot, instance, how));
    try {
      const where = await instance.ready;
      slot.crashes = 0;
      this.printProcess(slot.name, instance.pid, where);
    } catch (error) {
      // After the launch, its exit starts it again; during the launch, the launch fails.
      if (this.launched || this.stopping) return;
      throw new Error(
        `${slot.name} ${error instanceof Error ? error.message : String(error)}; its last lines ` +
          `(all of them in ${this.shown(slot.log.path)}):\n${slot.log.tail()}`,
      );
    }
  }

  private exited(slot: Slot, instance: AppInstance, how: string): void {
    if (this.stopping || slot.current !== instance) return;
    if (!this.launched) {
      this.failLaunch(
        new Error(`${slot.name} exited (${how}) while the others were starting:\n${slot.log.tail()}`),
      );
      return;
    }
    slot.crashes++;
    const delay = restartDelayMs(slot.crashes);
    this.print(
      `${slot.name} pid ${instance.pid} exited (${how}); starting it again in ${delay / 1000} s; ` +
        `its last lines (all of them in ${this.shown(slot.log.path)}):\n${slot.log.tail(10)}`,
    );
    slot.restart = setTimeout(() => void this.run(slot), delay);
  }

  /** The gateways' port opens once every gateway is ready; a gateway started again listens at once. */
  private letListen(worker: Worker): void {
    if (this.gatewaysOpen) return allowToListen(worker);
    this.waitingGateways.push(worker);
    if (this.waitingGateways.length < this.options.instances.gateway) return;
    this.gatewaysOpen = true;
    for (const waiting of this.waitingGateways.splice(0)) allowToListen(waiting);
  }

  private brokerEnded(): void {
    if (this.stopping) return;
    const error = new Error('the Kafka broker exited');
    if (this.launched) this.loseBroker(error);
    else this.failLaunch(error);
  }

  private warnOfSandboxAdminKey(): void {
    if (process.env['ADMIN_API_KEY']?.trim()) return;
    this.print(
      `ADMIN_API_KEY is the built-in sandbox key (${SANDBOX_ADMIN_API_KEY}): anyone who can reach /admin ` +
        'can create accounts, keys and credit. Set ADMIN_API_KEY to a secret of your own.',
    );
  }

  private printProcess(name: string, pid: number, where: string): void {
    this.print(`${name.padEnd(10)} pid ${String(pid).padEnd(8)} ${where}`);
  }

  private shown(path: string): string {
    const inside = relative(process.cwd(), path);
    return inside.startsWith('..') ? path : inside;
  }
}

const gatewaysOf = (slots: Slot[]) => slots.filter((slot) => slot.app === 'gateway');
const appsOf = (slots: Slot[]) => slots.filter((slot) => slot.app !== 'gateway');

/** Label links name the gateways' address; a wildcard is reached on loopback. */
function linkHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** Fails at once, naming what to change, when the broker's or the gateways' port is taken. */
async function refuseTakenPorts(options: LauncherOptions): Promise<void> {
  if (!(await canListen(options.kafkaPort, '127.0.0.1'))) {
    throw new Error(
      `the Kafka port ${options.kafkaPort} is in use (a broker of \`node tools/kafka/broker.mjs start\`? ` +
        'stop it with `node tools/kafka/broker.mjs stop`): pass --kafka-port <a free port>',
    );
  }
  if (!(await canListen(options.port, options.host))) {
    throw new Error(
      `PORT ${options.port} on ${options.host} is in use (npm start?): set PORT to a free port`,
    );
  }
}

function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => done(true)));
  });
}
