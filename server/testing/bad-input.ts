/**
 * Malformed inputs for the bad-input suite (server/bad-input.test.ts): values no field should accept, request
 * bodies that are not what any route expects, and a small JSON-schema check so the suite never sends a body
 * the API would accept (a valid request may legitimately change data; a malformed one must not).
 */

const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Text no field should choke on: control characters, NUL, unicode oddities, numbers out of range... */
export const BAD_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0007\u001b[31m\u007f',
  '\r\n\t',
  '\u202e\u200b\ufeff',
  '\ud800',
  '𝕏😀e\u0301',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  '%00%',
  '-1',
  '1.5',
  '1e308',
  '2147483648',
  '9223372036854775808',
  '-99999999999999999999',
  'NaN',
  'Infinity',
  '0x10',
  'null',
  '[]',
  'x'.repeat(10_000),
];

/** Forged paging cursors: enormous, negative, fractional and mistyped offsets, and no JSON at all. */
export const FORGED_CURSORS = [
  cursor({ o: 1e300 }),
  cursor({ o: 2 ** 53 }),
  cursor({ o: -1 }),
  cursor({ o: 1.5 }),
  cursor({ o: '10' }),
  cursor({ o: 10, extra: true }),
  cursor([10]),
  cursor(null),
  Buffer.from('not json').toString('base64url'),
  '!!!',
];

/** A shorter list for places probed many times over (every query parameter of every list, every page). */
export const SOME_BAD_TEXT = [
  '',
  'a\u0000b',
  '\u0001\u007f',
  '\u202e\ud800',
  '-1',
  '1.5',
  '2147483648',
  '9223372036854775808',
  'NaN',
  'x'.repeat(10_000),
];

const ONE_MEGABYTE = 'x'.repeat(1024 * 1024);

/** JSON values of the wrong type or range for any field. */
export const BAD_JSON_VALUES: unknown[] = [
  ...BAD_TEXT,
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  2 ** 31,
  2 ** 63,
  -(2 ** 53),
  [],
  ['a', 1],
  {},
  { $ne: null },
  JSON.parse('{"__proto__":{"admin":true}}'),
  nested(200),
];

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

export interface RawBody {
  label: string;
  contentType?: string;
  payload: string | Buffer;
}

const BOUNDARY = 'bad-input-boundary';

/**
 * Bodies that are broken as a whole: wrong content types, JSON that is not an object, broken multipart.
 * `poison` (fields that make the form invalid) rides along in the well-formed forms, so none can succeed.
 */
export function brokenBodies(field: string, poison: Record<string, string> = {}): RawBody[] {
  const poisonQuery = new URLSearchParams(poison).toString();
  const poisonParts = Object.entries(poison)
    .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const part = `${poisonParts}--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\nvalue`;
  const filePart = `${poisonParts}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return [
    { label: 'no body', payload: '' },
    { label: 'json null', contentType: 'application/json', payload: 'null' },
    { label: 'json array', contentType: 'application/json', payload: '[{"a":1}]' },
    { label: 'json string', contentType: 'application/json', payload: '"text"' },
    { label: 'json number', contentType: 'application/json', payload: '12345678901234567890' },
    { label: 'json cut short', contentType: 'application/json', payload: `{"${field}": "va` },
    { label: 'json empty', contentType: 'application/json', payload: '' },
    {
      label: 'json proto',
      contentType: 'application/json',
      payload: '{"__proto__":{"x":1},"constructor":{"prototype":{}}}',
    },
    { label: 'json over limit', contentType: 'application/json', payload: JSON.stringify({ [field]: ONE_MEGABYTE }) },
    { label: 'json deep', contentType: 'application/json', payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
    { label: 'text', contentType: 'text/plain', payload: 'hello' },
    { label: 'xml', contentType: 'application/xml', payload: '<a>1</a>' },
    { label: 'form', contentType: 'application/x-www-form-urlencoded', payload: `${field}=a%00b&${field}=2` },
    { label: 'form over limit', contentType: 'application/x-www-form-urlencoded', payload: `${field}=${ONE_MEGABYTE}` },
    {
      label: 'form broken escapes',
      contentType: 'application/x-www-form-urlencoded',
      payload: `${field}=%E0%A4%A&%=%&${poisonQuery}`,
    },
    { label: 'multipart no boundary', contentType: 'multipart/form-data', payload: `${part}\r\n--${BOUNDARY}--\r\n` },
    { label: 'multipart no closing', contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: part },
    {
      label: 'multipart truncated file',
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: `${filePart}\u00ff\u00d8\u00ff`,
    },
    {
      label: 'multipart text file named .jpg',
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: `${filePart}#!/bin/sh\r\n--${BOUNDARY}--\r\n`,
    },
    {
      label: 'multipart nul field',
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\na\u0000b\r\n--${BOUNDARY}--\r\n`,
    },
    { label: 'wrong boundary', contentType: 'multipart/form-data; boundary=other', payload: part },
    { label: 'content type garbage', contentType: ';;;=', payload: 'x' },
  ];
}

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
};

/**
 * Whether `value` satisfies the documented schema, as far as this suite needs: the suite skips such bodies,
 * since a valid request may change data. Unknown keywords count as satisfied (the safe side: skip more).
 */
export function satisfies(schema: JsonSchema | undefined, value: unknown): boolean {
  if (!schema) return true;
  if (schema.anyOf) return schema.anyOf.some((option) => satisfies(option, value));
  if (schema.oneOf) return schema.oneOf.some((option) => satisfies(option, value));
  if (schema.allOf) return schema.allOf.every((part) => satisfies(part, value));
  if (schema.enum && !schema.enum.includes(value)) return false;
  if (schema.type && !hasType(schema.type, value)) return false;
  if (typeof value === 'string') return textFits(schema, value);
  if (typeof value === 'number') return numberFits(schema, value);
  if (Array.isArray(value)) return value.every((item) => satisfies(schema.items, item));
  if (value !== null && typeof value === 'object') return objectFits(schema, value as Record<string, unknown>);
  return true;
}

function hasType(type: string | string[], value: unknown) {
  const types = Array.isArray(type) ? type : [type];
  return types.some((name) => {
    if (name === 'integer') return Number.isInteger(value);
    if (name === 'array') return Array.isArray(value);
    if (name === 'null') return value === null;
    if (name === 'object') return value !== null && typeof value === 'object' && !Array.isArray(value);
    return typeof value === name;
  });
}

function textFits(schema: JsonSchema, value: string) {
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  return !schema.pattern || new RegExp(schema.pattern, 'u').test(value);
}

function numberFits(schema: JsonSchema, value: number) {
  if (
    schema.minimum !== undefined &&
    (schema.exclusiveMinimum === true ? value <= schema.minimum : value < schema.minimum)
  )
    return false;
  if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) return false;
  return schema.maximum === undefined || value <= schema.maximum;
}

function objectFits(schema: JsonSchema, value: Record<string, unknown>) {
  if (schema.required?.some((name) => !(name in value))) return false;
  return Object.entries(schema.properties ?? {}).every(([name, property]) =>
    name in value ? satisfies(property, value[name]) : true,
  );
}

/** Candidate JSON bodies for a documented body schema: each one property wrong, alone or among others. */
export function badJsonBodies(schema: JsonSchema): unknown[] {
  const names = Object.keys(schema.properties ?? {});
  const bodies: unknown[] = [{}, { unexpected_field: 'x' }];
  const allWrong = Object.fromEntries(names.map((name) => [name, 12345]));
  for (const name of names) {
    // Alternately alone (the other fields missing) and among wrong others plus an unexpected field.
    BAD_JSON_VALUES.forEach((value, index) => {
      bodies.push(index % 2 === 0 ? { [name]: value } : { ...allWrong, [name]: value, unexpected_field: 'x' });
    });
  }
  bodies.push({ [names[0] ?? 'field']: 'y'.repeat(900 * 1024) });
  return bodies;
}

export const containsNul = (value: unknown) => JSON.stringify(value).includes('\\u0000');
