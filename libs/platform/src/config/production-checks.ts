import type { Env } from './app-environment';
import { SANDBOX_LABEL_URL_SECRET } from '../labels/label-urls';
import { MIN_SECRET_BITS, secretBits } from './secret-strength';
import {
  holdsSandboxAuditKey,
  holdsSandboxCarrierCredentialKey,
  holdsSandboxMessageKey,
  holdsSandboxWebhookKey,
  isDefaultPassword,
  PLACEHOLDER,
  SANDBOX_ADMIN_API_KEY,
} from './sandbox-defaults';

export type ShippingMode = 'sandbox' | 'production';

/** A setting production mode will not start with. */
export interface ProductionCheck {
  /** The variable it is about: the check runs in every app that reads it. */
  setting: string;
  /** Why the variable's value is unsafe outside the sandbox, or undefined when it is fine. */
  refusal(env: Env): string | undefined;
}

const text = (env: Env, name: string) => env[name]?.trim() || undefined;

const SCRAM_MECHANISMS = ['scram-sha-256', 'scram-sha-512'];

/** Kafka carries every command and reply: only TLS with SASL/SCRAM keeps strangers from writing or reading them. */
function kafkaSecurityRefusal(env: Env): string | undefined {
  if (text(env, 'KAFKA_BROKERS') === undefined) return undefined;
  const tls = text(env, 'KAFKA_SSL') === 'true';
  const scram = SCRAM_MECHANISMS.includes(text(env, 'KAFKA_SASL_MECHANISM') ?? '');
  return tls && scram
    ? undefined
    : 'Kafka without TLS and SASL/SCRAM: whoever reaches a broker could write commands for any account and read the replies; set KAFKA_SSL=true (KAFKA_SSL_CA_FILE for a private CA) and KAFKA_SASL_MECHANISM=scram-sha-256 or scram-sha-512 with KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD';
}

function passwordOfUrl(url: string | undefined): string | undefined {
  try {
    return url === undefined ? undefined : decodeURIComponent(new URL(url).password);
  } catch {
    return undefined;
  }
}

/**
 * Everything SHIPPING_MODE=production refuses. A new sandbox default (a built-in key, a switch
 * that is only safe on a developer's machine) gets its check here.
 */
/** Keys that seal secrets: refused unset, or holding the built-in sandbox key or a placeholder. */
function sealingKeysCheck(
  setting: string,
  sealed: string,
  holdsSandboxKey: (keys: string) => boolean,
): ProductionCheck {
  return {
    setting,
    refusal: (env) => {
      const keys = text(env, setting);
      if (keys === undefined) return `unset: ${sealed} would be sealed with the built-in sandbox key`;
      if (holdsSandboxKey(keys) || keys.includes(PLACEHOLDER))
        return 'holds the built-in sandbox key or a placeholder';
      return undefined;
    },
  };
}

export const PRODUCTION_CHECKS: readonly ProductionCheck[] = [
  {
    setting: 'LABEL_URL_SECRET',
    refusal: (env) => {
      const secret = text(env, 'LABEL_URL_SECRET');
      if (secret === undefined)
        return 'unset: anyone could forge label links with the built-in sandbox secret';
      if (secret === SANDBOX_LABEL_URL_SECRET || secret.includes(PLACEHOLDER))
        return 'the built-in sandbox value or a placeholder: anyone could forge label links';
      return undefined;
    },
  },
  {
    setting: 'WEBHOOK_ALLOW_PRIVATE_TARGETS',
    refusal: (env) =>
      text(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS') === 'false'
        ? undefined
        : 'must be false: tenants could reach internal addresses through webhooks',
  },
  {
    setting: 'SANDBOX_API_KEYS',
    refusal: (env) =>
      text(env, 'SANDBOX_API_KEYS') === 'false'
        ? undefined
        : 'must be false: the sandbox API keys (sk_test_acme, sk_test_tiny) are public',
  },
  {
    setting: 'ADMIN_API_KEY',
    refusal: (env) => {
      const key = text(env, 'ADMIN_API_KEY');
      if (key === SANDBOX_ADMIN_API_KEY || key?.includes(PLACEHOLDER))
        return 'the built-in sandbox admin key or a placeholder: anyone could create accounts, keys and credit';
      if (key !== undefined && secretBits(key) < MIN_SECRET_BITS)
        return `too short to hold ${MIN_SECRET_BITS} bits of randomness (value not shown): use at least 32 hex or 22 base64 characters, such as openssl rand -base64 32 prints`;
      return undefined;
    },
  },
  sealingKeysCheck('WEBHOOK_SECRET_KEYS', 'webhook secrets', holdsSandboxWebhookKey),
  sealingKeysCheck(
    'CARRIER_CREDENTIAL_KEYS',
    "merchants' carrier credentials",
    holdsSandboxCarrierCredentialKey,
  ),
  {
    setting: 'DATABASE_URL',
    refusal: (env) => {
      const url = text(env, 'DATABASE_URL');
      const password = passwordOfUrl(url);
      return url !== undefined && password !== '' && isDefaultPassword(password)
        ? 'its password is a compose default or a placeholder'
        : undefined;
    },
  },
  {
    setting: 'REDIS_URL',
    refusal: (env) => {
      const url = text(env, 'REDIS_URL');
      const password = passwordOfUrl(url);
      return url !== undefined && password !== '' && isDefaultPassword(password)
        ? 'its password is a compose default or a placeholder'
        : undefined;
    },
  },
  {
    setting: 'KAFKA_BROKERS',
    refusal: kafkaSecurityRefusal,
  },
  sealingKeysCheck(
    'MESSAGE_SECRET_KEYS',
    'secrets in message payloads (webhook signing secrets)',
    holdsSandboxMessageKey,
  ),
  {
    setting: 'AUDIT_SIGNING_KEYS',
    refusal: (env) => {
      const keys = text(env, 'AUDIT_SIGNING_KEYS');
      if (keys === undefined)
        return 'unset: audit checkpoints would be signed with the built-in sandbox key, which anyone can sign with';
      if (holdsSandboxAuditKey(keys) || keys.includes(PLACEHOLDER))
        return 'holds the built-in sandbox key or a placeholder';
      return undefined;
    },
  },
  {
    setting: 'KAFKA_SASL_PASSWORD',
    refusal: (env) =>
      text(env, 'KAFKA_SASL_MECHANISM') !== undefined && isDefaultPassword(text(env, 'KAFKA_SASL_PASSWORD'))
        ? 'a compose default or a placeholder'
        : undefined,
  },
];

/** What production mode refuses among the settings an app reads, each naming its variable. */
export function productionRefusals(
  readSettings: readonly string[],
  env: Env,
  checks: readonly ProductionCheck[] = PRODUCTION_CHECKS,
): string[] {
  if (text(env, 'SHIPPING_MODE') !== 'production') return [];
  return checks
    .filter((check) => readSettings.includes(check.setting))
    .flatMap((check) => {
      const refusal = check.refusal(env);
      return refusal === undefined ? [] : [`${check.setting}: ${refusal} (SHIPPING_MODE=production)`];
    });
}

/** A setting production mode starts with, but warns about: right for some deployments only. */
export interface ProductionWarning {
  /** The variable it is about: the warning is given by every app that reads it. */
  setting: string;
  /**
   * What the value means for a production deployment of an app reading `readSettings`, or
   * undefined when there is nothing to say.
   */
  warning(env: Env, readSettings: readonly string[]): string | undefined;
}

const RATE_LIMITS = ['RATE_LIMIT_PER_MINUTE', 'UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE'];
/** Read by the apps that call carriers through the guard (the label app, the embedded runtime). */
const CARRIER_LIMITS_SETTING = 'CARRIER_RETRY_ATTEMPTS';

export const PRODUCTION_WARNINGS: readonly ProductionWarning[] = [
  {
    setting: 'REDIS_URL',
    warning: (env, read) => {
      if (text(env, 'REDIS_URL') !== undefined) return undefined;
      const counted: string[] = [];
      const on = RATE_LIMITS.filter((name) => read.includes(name) && Number(text(env, name) ?? 1) !== 0);
      if (on.length > 0)
        counted.push(
          `${on.join(' and ')} ${on.length === 1 ? 'is' : 'are'} counted by each gateway process, so N gateways allow N times the limit together`,
        );
      if (read.includes(CARRIER_LIMITS_SETTING))
        counted.push(
          "the carrier accounts' rate and concurrency limits are counted by each label process, so N label processes call a carrier up to N times its limit",
        );
      return counted.length === 0
        ? undefined
        : `unset: ${counted.join('; ')}; set REDIS_URL to count them once for all`;
    },
  },
];

/** What production mode warns about among the settings an app reads, each naming its variable. */
export function productionWarnings(
  readSettings: readonly string[],
  env: Env,
  warnings: readonly ProductionWarning[] = PRODUCTION_WARNINGS,
): string[] {
  if (text(env, 'SHIPPING_MODE') !== 'production') return [];
  return warnings
    .filter((warning) => readSettings.includes(warning.setting))
    .flatMap((warning) => {
      const said = warning.warning(env, readSettings);
      return said === undefined ? [] : [`${warning.setting}: ${said} (SHIPPING_MODE=production)`];
    });
}
