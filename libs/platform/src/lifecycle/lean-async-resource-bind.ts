import { AsyncResource } from 'node:async_hooks';

type Bind = typeof AsyncResource.bind;

/**
 * Makes `AsyncResource.bind` bind as Node's own does (a new resource, the function run in its
 * scope with the same `this`), minus the deprecated `asyncResource` accessor (DEP0172). Node 20
 * builds that accessor with `util.deprecate`, whose `Object.setPrototypeOf` on a function is slow
 * and turns the function into a prototype, which V8 pays for again in its property caches.
 * Nest's interceptors bind twice a request, so the cost was in every answer of the gateway.
 * Changes nothing where Node's bound functions carry no such accessor. Returns whether it did.
 */
export function useLeanAsyncResourceBind(): boolean {
  if (!('asyncResource' in AsyncResource.bind(() => undefined))) return false;
  AsyncResource.bind = leanBind;
  return true;
}

const leanBind = function bind(fn, type, thisArg) {
  const resource = new AsyncResource(type || fn.name || 'bound-anonymous-fn');
  if (thisArg !== undefined) {
    return (...args: unknown[]) => resource.runInAsyncScope(fn, thisArg, ...args);
  }
  return function bound(this: typeof thisArg, ...args: unknown[]) {
    return resource.runInAsyncScope(fn, this, ...args);
  };
} as Bind;
