import { BOX_TYPES_VERSION } from './box-types';
import { CARRIERS_VERSION } from './carriers';
import { FREIGHT_CLASSES_VERSION } from './freight-classes';
import { FREIGHT_PACKAGE_TYPES_VERSION } from './freight-package-types';
import { HAZMAT_MATRICES_VERSION } from './hazmat-matrices';
import { PARCEL_SERVICES_VERSION } from './parcel-services';
import { PICKUP_SERVICES_VERSION } from './pickup-services';

export * from './box-types';
export * from './carriers';
export * from './countries';
export { ReferenceDataError } from './data-file';
export * from './freight-classes';
export * from './freight-package-types';
export * from './hazmat-matrices';
export * from './parcel-services';
export * from './pickup-services';
export * from './sandbox-seed';

/** The version of every reference data file, as loaded. */
export const REFERENCE_DATA_VERSIONS = {
  carriers: CARRIERS_VERSION,
  parcel_services: PARCEL_SERVICES_VERSION,
  pickup_services: PICKUP_SERVICES_VERSION,
  box_types: BOX_TYPES_VERSION,
  freight_package_types: FREIGHT_PACKAGE_TYPES_VERSION,
  freight_classes: FREIGHT_CLASSES_VERSION,
  hazmat_matrices: HAZMAT_MATRICES_VERSION,
} as const;

/** One string naming every file's version, e.g. for logs and read-model rebuild checks. */
export const REFERENCE_DATA_VERSION = Object.entries(REFERENCE_DATA_VERSIONS)
  .map(([file, version]) => `${file}@${version}`)
  .join(',');
