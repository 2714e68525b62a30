import 'reflect-metadata';
import { getMetadataStorage } from 'class-validator';
import { productionRefusals, productionWarnings } from './production-checks';
import { ConfigurationError, validateConfig } from './validate-config';

export type Env = Record<string, string | undefined>;

/** Reads and checks some variables; throws an Error naming the variable when one is unusable. */
export type EnvReader = (env: Env) => unknown;

/** Everything an app reads from its environment: its config class and the readers of its modules. */
export interface AppEnvironment {
  config: new () => object;
  readers: readonly EnvReader[];
}

/** The variables an app reads: the config class's validated properties and whatever the readers look up. */
export function variablesReadBy(environment: AppEnvironment): string[] {
  const names = new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(environment.config, '', true, false)
      .map((metadata) => metadata.propertyName),
  );
  const recording = new Proxy({} as Env, {
    get: (_target, name) => {
      if (typeof name === 'string') names.add(name);
      return undefined;
    },
  });
  for (const reader of environment.readers) reader(recording);
  return [...names].sort();
}

/**
 * An app whose config gives KAFKA_BROKERS a default (a distributed app: Kafka is its transport)
 * uses Kafka whether the variable is set or not; production mode's checks see that default.
 */
function withDefaultBrokers(environment: AppEnvironment, env: Env): Env {
  const fallback = (new environment.config() as { KAFKA_BROKERS?: unknown }).KAFKA_BROKERS;
  return env['KAFKA_BROKERS']?.trim() || typeof fallback !== 'string'
    ? env
    : { ...env, KAFKA_BROKERS: fallback };
}

/**
 * Every unusable variable at once, as the config class and every reader see `env`, and in
 * production mode (SHIPPING_MODE) every sandbox default among the variables the app reads; none
 * when the app can start.
 */
export function environmentProblems(environment: AppEnvironment, env: Env): string[] {
  const problems: string[] = [];
  try {
    validateConfig(environment.config, env);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    problems.push(...error.problems);
  }
  for (const reader of environment.readers) {
    try {
      reader(env);
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  }
  problems.push(...productionRefusals(variablesReadBy(environment), withDefaultBrokers(environment, env)));
  return problems;
}

/**
 * Throws a ConfigurationError naming every problem `environmentProblems` finds; otherwise answers
 * production mode's warnings, for the app to log as it starts.
 */
export function checkEnvironment(environment: AppEnvironment, env: Env): string[] {
  const problems = environmentProblems(environment, env);
  if (problems.length > 0) throw new ConfigurationError(problems);
  return productionWarnings(variablesReadBy(environment), env);
}
