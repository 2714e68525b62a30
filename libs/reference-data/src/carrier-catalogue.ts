import { check, checkUnique, indexBy } from './data-file';

/**
 * What a carrier can do, each with the meaning the interface gives it. A request's rules ask which
 * carriers have a capability; no rule names a carrier.
 */
export const CARRIER_CAPABILITIES = [
  /** Takes pickup orders and prices them (`carrier` of pickup orders and pickup rates). */
  'pickup',
  /** A pickup order names its day and window: `pickup_date`, `ready_time` and `close_time` required. */
  'pickup_scheduled_window',
  /** A pickup rate needs the window: `ready_time` and `close_time` required. */
  'pickup_rates_window',
  /** A pickup rate needs no day: `pickup_date` is required for every carrier but these. */
  'pickup_rates_undated',
  /** Each pickup piece names its `container_type` and `destination_country_code`. */
  'pickup_piece_destination',
  /** Each piece of a pickup order says whether it is ground freight (`is_gfp`). */
  'pickup_ground_freight_flag',
  /** Ships batches: batch services are its parcel services; own integrations are batch-eligible. */
  'batch',
  /** Ships one parcel at once (instant ship); own integrations are instant-ship-eligible. */
  'instant_ship',
  /** Ships between countries. */
  'international',
] as const;

export type CarrierCapability = (typeof CARRIER_CAPABILITIES)[number];

/** The label files a carrier sells: `pdf_4x6` is a 4x6 in PDF page. */
export const LABEL_FORMATS = ['pdf_4x6'] as const;

export type LabelFormat = (typeof LABEL_FORMATS)[number];

export interface Carrier {
  /** Lowercase code used on the wire (`carrier` of pickups). */
  code: string;
  name: string;
  /** Uppercase part of service codes: `PICKUP-<service_prefix>-<n>`, `<service_prefix>-<n>`. */
  service_prefix: string;
}

/** A carrier as its data file declares it. */
export interface CarrierEntry extends Carrier {
  capabilities: readonly string[];
  label_formats: readonly string[];
}

export interface CarrierCatalogue {
  /** In the order of the data file (for the default set, the interface's order). */
  readonly carriers: readonly Carrier[];
  readonly codes: readonly string[];
  find(code: string): Carrier | undefined;
  isCode(code: unknown): code is string;
  can(code: unknown, capability: CarrierCapability): boolean;
  /** The codes of the carriers with the capability, in the data file's order. */
  with(capability: CarrierCapability): readonly string[];
  labelFormatsOf(code: string): readonly LabelFormat[];
}

const isCapability = (name: string): name is CarrierCapability =>
  (CARRIER_CAPABILITIES as readonly string[]).includes(name);
const isLabelFormat = (name: string): name is LabelFormat =>
  (LABEL_FORMATS as readonly string[]).includes(name);

/** Checks a carriers file's entries and answers the lookups on them. */
export function carrierCatalogue(file: string, entries: readonly CarrierEntry[]): CarrierCatalogue {
  checkUnique(file, entries, (entry) => entry.code);
  for (const entry of entries) checkEntry(file, entry);
  const carriers = entries.map(({ code, name, service_prefix }) => ({ code, name, service_prefix }));
  const byCode = indexBy(carriers, (carrier) => carrier.code);
  const capabilities = new Map(entries.map((entry) => [entry.code, new Set(entry.capabilities)]));
  const formats = new Map(entries.map((entry) => [entry.code, entry.label_formats.filter(isLabelFormat)]));
  const can = (code: unknown, capability: CarrierCapability) =>
    typeof code === 'string' && capabilities.get(code)?.has(capability) === true;
  return {
    carriers,
    codes: carriers.map((carrier) => carrier.code),
    find: (code) => byCode.get(code),
    isCode: (code): code is string => typeof code === 'string' && byCode.has(code),
    can,
    with: (capability) => carriers.filter((carrier) => can(carrier.code, capability)).map(({ code }) => code),
    labelFormatsOf: (code) => formats.get(code) ?? [],
  };
}

function checkEntry(file: string, entry: CarrierEntry): void {
  check(file, /^[a-z][a-z0-9_]*$/.test(entry.code), `${entry.code}: the code must be lowercase`);
  check(file, /^[A-Z][A-Z0-9]*$/.test(entry.service_prefix), `${entry.code}: bad service_prefix`);
  for (const name of entry.capabilities)
    check(file, isCapability(name), `${entry.code}: unknown capability ${name}`);
  for (const name of entry.label_formats)
    check(file, isLabelFormat(name), `${entry.code}: unknown label format ${name}`);
  const sellsLabels = entry.capabilities.includes('batch') || entry.capabilities.includes('instant_ship');
  check(
    file,
    !sellsLabels || entry.label_formats.length > 0,
    `${entry.code}: a carrier that ships batches or instant ship needs a label format`,
  );
  const pickupRule = entry.capabilities.find((name) => name.startsWith('pickup_'));
  check(
    file,
    pickupRule === undefined || entry.capabilities.includes('pickup'),
    `${entry.code}: ${pickupRule} without pickup`,
  );
}
