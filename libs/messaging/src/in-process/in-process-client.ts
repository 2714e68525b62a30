import type { OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ClientProxy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { eventParts, requestParts } from '../keyed-message';
import { InProcessBroker } from './in-process-broker';
import { decode, encode } from './wire';

/**
 * `send` and `emit` over the process's InProcessBroker, for code that injects a ClientProxy and
 * must not care whether Kafka or this transport carries its messages.
 */
export class InProcessClient extends ClientProxy implements OnApplicationShutdown {
  private readonly pending = new Map<string, (packet: WritePacket) => void>();

  constructor(private readonly broker: InProcessBroker) {
    super();
  }

  async connect(): Promise<void> {
    this._status$.next('connected');
  }

  /** Requests still waiting fail as a transport failure would; the next send connects again. */
  close(): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const callback of waiting) {
      callback({ err: new Error('The in-process client was closed before the reply came.') });
    }
    this._status$.next('disconnected');
  }

  onApplicationShutdown(): void {
    this.close();
  }

  unwrap<T>(): T {
    return this.broker as T;
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const id = randomUUID();
    try {
      const message = encode(requestParts(packet.data).payload);
      this.pending.set(id, callback);
      this.broker.request(this.normalizePattern(packet.pattern), message, (reply, decoded) =>
        this.pending.get(id)?.(decoded ?? (decode(reply) as WritePacket)),
      );
    } catch (error) {
      this.pending.delete(id);
      callback({ err: error });
    }
    return () => this.pending.delete(id);
  }

  protected async dispatchEvent<T = undefined>(packet: ReadPacket): Promise<T> {
    this.broker.publish(this.normalizePattern(packet.pattern), encode(eventParts(packet.data).payload));
    return undefined as T;
  }
}
