import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.js';

/** A value's place in a query being prepared: `path` leads from the values object to it. */
class Slot {
  constructor(readonly path: readonly string[]) {}
}

type Values = Record<string, unknown>;

interface Prepared {
  compiled: CompiledQuery;
  /** For each parameter of the SQL, the path to its value, or the value itself (a constant of the query). */
  params: readonly (Slot | { constant: unknown })[];
}

/**
 * A query Kysely builds and compiles once per dialect and shape, then runs with new values.
 *
 * Kysely builds a tree of frozen nodes for every query and compiles it to SQL every time; for
 * the handful of statements each chat runs (its messages, its conversation, its session), that is
 * as much of the server's thread as executing them (the streaming benchmark's profile). `build`
 * receives, in place of each value, a marker whose position in the compiled parameters tells where
 * to put that value on later runs. Nested plain objects (an update's `set`) are followed; a key whose
 * value is undefined is left out, as Kysely leaves it out, so each set of defined keys is a shape of
 * its own, compiled on first use.
 */
export function preparedQuery<V extends object, Row>(build: (db: Kysely<Database>, values: V) => Compilable<Row>) {
  // Keyed by the dialect's adapter, which a database and its transactions share.
  const byDialect = new WeakMap<object, Map<string, Prepared>>();

  function prepare(db: Kysely<Database>, values: V): Prepared {
    const compiled = build(db, withSlots(values as Values, []) as V).compile();
    const params = compiled.parameters.map((p) => (p instanceof Slot ? p : { constant: p }));
    return { compiled, params };
  }

  return async function run(db: Kysely<Database>, values: V): Promise<Row[]> {
    // getExecutor() is marked internal, but is how a transaction and its database are known to compile alike.
    const adapter = db.getExecutor().adapter;
    let shapes = byDialect.get(adapter);
    if (!shapes) byDialect.set(adapter, (shapes = new Map()));
    const shape = shapeOf(values as Values);
    let prepared = shapes.get(shape);
    if (!prepared) shapes.set(shape, (prepared = prepare(db, values)));
    const parameters = prepared.params.map((p) => (p instanceof Slot ? valueAt(values as Values, p.path) : p.constant));
    const result = await db.executeQuery<Row>({ ...prepared.compiled, parameters });
    return result.rows;
  };
}

const isPlainObject = (v: unknown): v is Values => typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

function withSlots(values: Values, path: string[]): Values {
  const slots: Values = {};
  for (const key of Object.keys(values)) {
    const value = values[key];
    if (value === undefined) continue;
    slots[key] = isPlainObject(value) ? withSlots(value, [...path, key]) : new Slot([...path, key]);
  }
  return slots;
}

function shapeOf(values: Values): string {
  let shape = '';
  for (const key in values) {
    const value = values[key];
    if (value === undefined) continue;
    shape += isPlainObject(value) ? `${key}{${shapeOf(value)}},` : `${key},`;
  }
  return shape;
}

function valueAt(values: Values, path: readonly string[]): unknown {
  let value: unknown = values;
  for (const key of path) value = (value as Values)[key];
  return value;
}
