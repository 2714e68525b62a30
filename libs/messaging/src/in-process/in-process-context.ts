import { BaseRpcContext } from '@nestjs/microservices';

type InProcessContextArgs = [pattern: string];

/** What `@Ctx()` gives a handler on the in-process transport. */
export class InProcessContext extends BaseRpcContext<InProcessContextArgs> {
  getPattern(): string {
    return this.args[0];
  }
}
