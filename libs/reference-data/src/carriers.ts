import data from '../data/carriers.json';
import { carrierCatalogue, type CarrierCapability, type LabelFormat } from './carrier-catalogue';
import { checkVersion } from './data-file';

export {
  CARRIER_CAPABILITIES,
  type Carrier,
  type CarrierCapability,
  type CarrierCatalogue,
  type CarrierEntry,
  carrierCatalogue,
  LABEL_FORMATS,
  type LabelFormat,
} from './carrier-catalogue';

const FILE = 'carriers.json';

export const CARRIERS_VERSION = checkVersion(FILE, data);

const catalogue = carrierCatalogue(FILE, data.carriers);

/** In the order the interface lists them (<carrier_code_1> .. <carrier_code_4>). */
export const CARRIERS = catalogue.carriers;

export const CARRIER_CODES = catalogue.codes;

export const findCarrier = catalogue.find;

export const isCarrierCode = catalogue.isCode;

/** Whether the carrier (any value; unknown codes can do nothing) has the capability. */
export const carrierCan = (code: unknown, capability: CarrierCapability): boolean =>
  catalogue.can(code, capability);

/** The codes of the carriers with the capability, in interface order: `carriersWith('batch')`. */
export const carriersWith = (capability: CarrierCapability): readonly string[] => catalogue.with(capability);

export const labelFormatsOf = (code: string): readonly LabelFormat[] => catalogue.labelFormatsOf(code);
