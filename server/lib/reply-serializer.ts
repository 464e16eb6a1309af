import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/** What a reply schema becomes: a function from the handler's value to the JSON sent (text or its UTF-8 bytes). */
export type ReplyWriter = (data: unknown) => string | Buffer;

type JsonSchema = { [key: string]: unknown };

/**
 * fast-json-stringify writes only the keys an object declares whatever `additionalProperties`
 * says, so `false` adds nothing there; but inside a union (`anyOf`) it picks the branch by
 * validating, and `false` would refuse a value with one key too many instead of dropping it.
 *
 * zod writes `.nullable()` as `anyOf: [X, {type: 'null'}]`; fast-json-stringify would pick the
 * branch by running a JSON-schema validator on every value. Its own `nullable` keyword says
 * the same and compiles to one `=== null` test.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'additionalProperties' || value !== false) out[key] = simplify(value);
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullAt = anyOf.findIndex((s: JsonSchema) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullAt] as JsonSchema | undefined;
    if (nullAt >= 0 && other && typeof other.type === 'string') {
      delete out.anyOf;
      return { ...out, ...other, nullable: true };
    }
  }
  return out;
}

/**
 * A compiled writer for the JSON Schema of `schema`'s output, or null when JSON Schema cannot
 * say what zod checks: a transform, a date, a custom type (toJSONSchema throws on those).
 * Refinements have no JSON Schema either and would be skipped silently, so a schema with
 * one keeps zod (`hasRefinement`).
 */
function compile(schema: z.ZodType): ReplyWriter | null {
  if (hasRefinement(schema)) return null;
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', cycles: 'ref' });
  } catch {
    return null;
  }
  delete json.$schema;
  return fastJson(simplify(json) as Parameters<typeof fastJson>[0]);
}

/** A `.refine` / `.check` / `.superRefine` anywhere in the schema: JSON Schema would drop it. */
function hasRefinement(schema: z.ZodType): boolean {
  let found = false;
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (found || node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (node instanceof z.ZodType) {
      const def = node._zod.def as { checks?: { _zod: { def: { check: string } } }[] };
      if (def.checks?.some((c) => c._zod.def.check === 'custom')) found = true;
      for (const value of Object.values(def)) visit(value);
      return;
    }
    for (const value of Array.isArray(node) ? node : Object.values(node)) visit(value);
  };
  visit(schema);
  return found;
}

/** The zod path: parse (undeclared keys dropped, a misfit throws), then stringify. */
const zodWriter =
  (schema: z.ZodType): ReplyWriter =>
  (data) =>
    JSON.stringify(schema.parse(data));

/** Reply schemas zod has to keep (see compile), by route, for the log at startup and the tests. */
export const zodKept: string[] = [];

/**
 * The writer of one reply schema. A discriminated union (the envelope: `code` 1 with the
 * route's data, or 0 with a refusal) gets one compiled writer per branch, chosen by the
 * discriminator, so no validator has to guess the branch. A value that fits no branch, or
 * lacks a required field, throws: Fastify's error path answers 500 and logs it.
 */
export function replyWriter(schema: z.ZodType, where = ''): ReplyWriter {
  const def = schema._zod.def as { type: string; discriminator?: string; options?: z.ZodType[] };
  if (def.type === 'union' && def.discriminator && def.options) {
    const key = def.discriminator;
    const branches = new Map<unknown, ReplyWriter>();
    for (const option of def.options) {
      const field =
        option instanceof z.ZodObject ? (option.shape as Record<string, z.ZodType | undefined>)[key] : undefined;
      const values = field?._zod.values;
      if (!values) return keepZod(schema, where);
      const writer = replyWriter(option, where);
      for (const value of values) branches.set(value, writer);
    }
    return (data) => {
      const writer = data !== null && typeof data === 'object' ? branches.get((data as JsonSchema)[key]) : undefined;
      if (!writer) throw new Error(`reply fits no branch of ${key}`);
      return writer(data);
    };
  }
  return envelopeWriter(schema, where) ?? compile(schema) ?? keepZod(schema, where);
}

/**
 * The envelope `{code, msg, time, data}` written as its head around its data's own writer, so
 * data that does not change is written once: a frozen object (deeply, by whoever froze it:
 * `frozen` below) is remembered with its JSON, per reply schema. The plans, the app's
 * settings, a signed-in customer's own record are read far more often than they change;
 * writing them again was most of a read's cost. Anything not frozen is written afresh.
 *
 * Frozen data's whole reply is kept as UTF-8 bytes for the second (`time`) and message it was
 * written with, and sent as they are: a reply built as a string costs, on every request, a
 * flattening of the joined pieces, a pass to count its UTF-8 length and one to encode it, and
 * these replies are mostly Chinese or Japanese (two-byte strings in V8). Fastify sends a
 * Buffer as it is, content-length from its length.
 */
function envelopeWriter(schema: z.ZodType, where: string): ReplyWriter | null {
  if (!(schema instanceof z.ZodObject)) return null;
  const shape = schema.shape as Record<string, z.ZodType>;
  if (Object.keys(shape).join() !== 'code,msg,time,data') return null;
  const codes = shape.code!._zod.values;
  const code = codes?.size === 1 ? [...codes][0] : undefined;
  if (typeof code !== 'number' || shape.msg!._zod.def.type !== 'string' || shape.time!._zod.def.type !== 'number')
    return null;
  const writeData = replyWriter(shape.data!, where);
  const written = new WeakMap<object, Written>();
  const messages = new Map<string, string>();
  return (value) => {
    const {
      code: c,
      msg,
      time,
      data,
    } = (value ?? {}) as { code?: unknown; msg?: unknown; time?: unknown; data?: unknown };
    if (c !== code || typeof msg !== 'string' || !Number.isInteger(time) || data === undefined)
      throw new Error('reply does not fit its envelope');
    let head = messages.get(msg);
    if (head === undefined) {
      head = `{"code":${code},"msg":${JSON.stringify(msg)},"time":`;
      if (messages.size < 1000) messages.set(msg, head);
    }
    if (data === null || typeof data !== 'object' || !Object.isFrozen(data))
      return `${head}${time as number},"data":${String(writeData(data))}}`;
    let kept = written.get(data);
    if (kept === undefined) {
      kept = { data: Buffer.from(`${String(writeData(data))}}`), head: '', time: -1, reply: EMPTY };
      written.set(data, kept);
    }
    if (kept.time !== time || kept.head !== head) {
      kept.reply = Buffer.concat([Buffer.from(`${head}${time as number},"data":`), kept.data]);
      kept.time = time as number;
      kept.head = head;
    }
    return kept.reply;
  };
}

/** Frozen data's JSON (with the envelope's closing brace) and the last whole reply made with it. */
interface Written {
  data: Buffer;
  head: string;
  time: number;
  reply: Buffer;
}

const EMPTY = Buffer.alloc(0);

/**
 * Freezes `value` and everything in it, for a value kept and replied many times: the envelope
 * writer then writes it once (above), and anything that tried to change it later would throw
 * instead of leaving the written JSON stale.
 */
export function frozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) frozen(inner);
  }
  return value;
}

function keepZod(schema: z.ZodType, where: string): ReplyWriter {
  zodKept.push(where);
  return zodWriter(schema);
}
