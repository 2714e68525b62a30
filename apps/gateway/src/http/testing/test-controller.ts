import { Body, Controller, Get, HttpCode, Injectable, Param, ParseIntPipe, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { LabelLinks } from '../../batches/label-links';
import { AppError, type ErrorCode, Unavailable, ValidationFailed } from '@shipping/contracts';
import { CurrentAccount, Public } from '../auth/auth.decorators';
import { withMessage } from '../envelope/envelope';
import type { AuthenticatedAccount } from '../gateway-request';
import { RequestId } from '../request-id/request-id';

/** Counts handler runs, so specs can tell a replay from a second run. */
@Injectable()
export class Invocations {
  private readonly counts = new Map<string, number>();

  record(name: string): number {
    const count = (this.counts.get(name) ?? 0) + 1;
    this.counts.set(name, count);
    return count;
  }

  of(name: string): number {
    return this.counts.get(name) ?? 0;
  }
}

export const THROWN_MESSAGES: Record<ErrorCode, string> = {
  bad_request: 'The request is bad.',
  validation_failed: 'ignored: ValidationFailed carries its own message',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'The label link is invalid.',
  not_found: 'Batch not found.',
  conflict: 'The batch is not ready.',
  insufficient_credit: 'Not enough credit; add funds.',
  payload_too_large: 'Too many items.',
  rate_limited: 'Slow down.',
  unavailable: 'Instant ship is unavailable.',
  internal: 'password=hunter2 at db.internal:5432',
};

@Controller()
export class TestController {
  constructor(private readonly invocations: Invocations) {}

  @Public()
  @Get('health')
  health() {
    return { status: 'ok' };
  }

  /** A label link as GET /batches/{id} makes it, with the caller's address as the gateway sees it. */
  @Public()
  @Get('link')
  link(@Req() request: FastifyRequest) {
    return { url: new LabelLinks().url(request, 'batch/b1/labels-1.pdf'), ip: request.ip };
  }

  @Get('whoami')
  whoami(@CurrentAccount() account: AuthenticatedAccount, @RequestId() requestId: string) {
    return { account, requestId };
  }

  @Get('items/:id')
  item(@Param('id', ParseIntPipe) id: number) {
    return { id };
  }

  @Post('orders')
  async create(@Body() body: unknown, @CurrentAccount() account: AuthenticatedAccount) {
    const run = this.invocations.record('orders');
    await new Promise((resolve) => setTimeout(resolve, 50));
    return withMessage({ run, accountId: account.accountId, received: body ?? null }, 'Order created.');
  }

  @Post('actions')
  @HttpCode(200)
  action() {
    return { done: true };
  }

  @Post('fail/:code')
  fail(@Param('code') code: ErrorCode) {
    if (code === 'validation_failed')
      throw new ValidationFailed({ 'to_address.city': ['The city field is required.'] });
    throw new AppError(code, THROWN_MESSAGES[code]);
  }

  @Post('crash')
  crash() {
    throw new Error('connection to db.internal:5432 refused');
  }

  @Post('rejected')
  rejected() {
    this.invocations.record('rejected');
    throw new AppError('conflict', 'The batch is not ready.', { run: this.invocations.of('rejected') });
  }

  /** Unavailable on the first run, then succeeds: a retry after a 5xx must run again. */
  @Post('flaky')
  flaky() {
    const run = this.invocations.record('flaky');
    if (run === 1) throw new Unavailable('The carrier is not answering.');
    return { run };
  }
}
