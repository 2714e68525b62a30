/**
 * A class a set of shared fields is added to (`SharedFields(Base)`): its own fields come first, in
 * the validation order, the OpenAPI document and the instance alike. TypeScript's mixins need the
 * `any[]` constructor.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FieldsBase = new (...args: any[]) => object;

/** The base of a class that declares no fields before the shared ones. */
export class NoLeadingFields {}
