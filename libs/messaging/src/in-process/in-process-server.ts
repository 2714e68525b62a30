import { Logger } from '@nestjs/common';
import {
  type BaseRpcContext,
  type CustomTransportStrategy,
  type MessageHandler,
  type ReadPacket,
  Server,
  type WritePacket,
} from '@nestjs/microservices';
import { internalErrorPayload } from '../errors/error-payloads';
import { stackOf } from '../errors/stack-of';
import { servedHandler } from '../served-handler';
import { runEventHandler } from '../run-event-handler';
import { InProcessBroker, type Reply } from './in-process-broker';
import { InProcessContext } from './in-process-context';
import { decode, decodedReplyPacket, encode, encodeReplyPacket } from './wire';

/** Handlers bound to another transport (`@MessagePattern(p, Transport.KAFKA)`) are skipped here. */
export const IN_PROCESS_TRANSPORT = Symbol('IN_PROCESS_TRANSPORT');

/**
 * A NestJS custom transport serving `@MessagePattern` and `@EventPattern` handlers from the
 * process's InProcessBroker, with Kafka's semantics where handlers can tell: JSON on the wire,
 * events handled after the emitter moved on, errors crossing as plain payloads.
 */
export class InProcessServer extends Server implements CustomTransportStrategy {
  override transportId = IN_PROCESS_TRANSPORT;
  protected override readonly logger = new Logger(InProcessServer.name);
  private readonly unregister: Array<() => unknown> = [];

  constructor(private readonly broker: InProcessBroker) {
    super();
  }

  listen(callback: (...optionalParams: unknown[]) => unknown): void {
    try {
      for (const [pattern, handler] of this.messageHandlers) {
        // Looked up once: Nest's lookup parses the pattern as JSON first, and the SyntaxError it
        // threw for every message cost more than the rest of the transport's work.
        const served = this.getHandlerByPattern(pattern) ?? handler;
        this.unregister.push(
          handler.isEventHandler
            ? this.broker.subscribe(pattern, (message) =>
                runEventHandler(
                  served,
                  pattern,
                  decode(message),
                  new InProcessContext([pattern]),
                  this.logger,
                ),
              )
            : this.broker.respond(pattern, (message, reply) =>
                this.handleRequest(served, pattern, message, reply),
              ),
        );
      }
    } catch (error) {
      void this.close();
      callback(error);
      return;
    }
    this._status$.next('connected');
    callback();
  }

  /** Stops delivery, then waits for the events already in hand; requests in hand are still answered. */
  async close(): Promise<void> {
    await Promise.all(this.unregister.splice(0).map((unregister) => unregister()));
    this._status$.next('disconnected');
  }

  on(): never {
    throw new Error('Method is not supported by the in-process server.');
  }

  override getHandlerByPattern(pattern: string): MessageHandler | null {
    return servedHandler(this.messageHandlers, pattern, (written) => super.getHandlerByPattern(written));
  }

  unwrap<T>(): T {
    return this.broker as T;
  }

  override handleEvent(
    pattern: string,
    packet: ReadPacket,
    context: BaseRpcContext = new InProcessContext([pattern]),
  ): Promise<void> {
    return runEventHandler(this.getHandlerByPattern(pattern), pattern, packet.data, context, this.logger);
  }

  private handleRequest(handler: MessageHandler, pattern: string, message: string, reply: Reply): void {
    const respond = (packet: WritePacket) =>
      reply(this.encodeReply(pattern, packet), decodedReplyPacket(packet));
    const response$ = this.transformToObservable(handler(decode(message), new InProcessContext([pattern])));
    this.send(response$, respond);
  }

  private encodeReply(pattern: string, packet: WritePacket): string {
    try {
      return encodeReplyPacket(packet);
    } catch (error) {
      this.logger.error(`The reply to pattern "${pattern}" cannot be serialised as JSON.`, stackOf(error));
      return encode({ err: internalErrorPayload(), isDisposed: true });
    }
  }
}
