import type { RecordedEvent } from '../event-store';

/**
 * Turns the data of one version of an event type into the next version's: a pure function, so
 * a stream written years ago folds and projects like one written today.
 */
export interface EventUpcaster {
  type: string;
  /** The version `upcast` reads; it returns data of `fromVersion + 1`. */
  fromVersion: number;
  upcast(data: unknown): unknown;
}

/** The upcasters of every event type, by type and version; the latest version of a type follows from them. */
export class Upcasters {
  private readonly steps = new Map<string, Map<number, EventUpcaster['upcast']>>();

  constructor(upcasters: readonly EventUpcaster[] = []) {
    for (const upcaster of upcasters) this.register(upcaster);
  }

  register({ type, fromVersion, upcast }: EventUpcaster): void {
    if (!Number.isInteger(fromVersion) || fromVersion < 1)
      throw new RangeError(`Upcaster of ${type} must start at a positive version, got ${fromVersion}`);
    const byVersion = this.steps.get(type) ?? new Map<number, EventUpcaster['upcast']>();
    if (byVersion.has(fromVersion)) throw new Error(`Two upcasters of ${type} from version ${fromVersion}`);
    byVersion.set(fromVersion, upcast);
    this.steps.set(type, byVersion);
  }

  /** The version new events of this type are written as: 1 for a type that never changed. */
  latestVersion(type: string): number {
    const byVersion = this.steps.get(type);
    if (!byVersion) return 1;
    return Math.max(...byVersion.keys()) + 1;
  }

  /** The event in its type's latest version; the same object when it already is. */
  upcast<T>(event: RecordedEvent<T>): RecordedEvent<T> {
    const byVersion = this.steps.get(event.type);
    if (!byVersion) return event;
    const latest = this.latestVersion(event.type);
    if (event.version >= latest) return event;
    let data: unknown = event.data;
    for (let version = event.version; version < latest; version++) {
      const step = byVersion.get(version);
      if (!step)
        throw new Error(
          `No upcaster of ${event.type} from version ${version}: event ${event.id} cannot be read`,
        );
      data = step(data);
    }
    return { ...event, version: latest, data: data as T };
  }
}
