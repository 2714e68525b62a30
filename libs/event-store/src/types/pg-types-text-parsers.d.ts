declare module 'pg-types/lib/textParsers' {
  export function init(register: (oid: number, parse: (value: string) => unknown) => void): void;
}
