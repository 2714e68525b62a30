import { AsyncLocalStorage, AsyncResource, executionAsyncId } from 'node:async_hooks';
import { useLeanAsyncResourceBind } from './lean-async-resource-bind';

describe('useLeanAsyncResourceBind', () => {
  const nodeBind = AsyncResource.bind;
  afterEach(() => {
    AsyncResource.bind = nodeBind;
  });

  it("replaces Node's bind only while its bound functions carry the deprecated accessor", () => {
    expect(useLeanAsyncResourceBind()).toBe(true);
    expect(AsyncResource.bind).not.toBe(nodeBind);
    expect('asyncResource' in AsyncResource.bind(() => 1)).toBe(false);
    expect(useLeanAsyncResourceBind()).toBe(false);
  });

  it('runs the function in the async context it was bound in, as Node does', async () => {
    useLeanAsyncResourceBind();
    const storage = new AsyncLocalStorage<string>();
    const bound = storage.run('bound here', () => AsyncResource.bind(() => storage.getStore()));

    const seen = await storage.run(
      'called here',
      () => new Promise((done) => setImmediate(() => done(bound()))),
    );

    expect(seen).toBe('bound here');
  });

  it('runs each bound function in an async resource of its own', () => {
    useLeanAsyncResourceBind();
    const ids = [
      AsyncResource.bind(() => executionAsyncId(), 'first')(),
      AsyncResource.bind(() => executionAsyncId())(),
    ];
    expect(new Set([...ids, executionAsyncId()]).size).toBe(3);
  });

  it("passes the arguments, the caller's `this`, or the `this` it was given, and the result", () => {
    useLeanAsyncResourceBind();
    const target = { name: 'target' };
    function nameAnd(this: { name: string }, suffix: string) {
      return `${this.name}${suffix}`;
    }
    const caller = { name: 'caller', read: AsyncResource.bind(nameAnd as (suffix: string) => string) };
    const fixed = AsyncResource.bind(nameAnd, 'fixed', target);

    expect(caller.read('!')).toBe('caller!');
    expect(fixed.call({ name: 'other' }, '?')).toBe('target?');
  });

  it('passes errors through', () => {
    useLeanAsyncResourceBind();
    const failing = AsyncResource.bind(() => {
      throw new Error('from the bound function');
    });
    expect(failing).toThrow('from the bound function');
  });
});
