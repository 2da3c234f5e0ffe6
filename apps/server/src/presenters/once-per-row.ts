/**
 * The shapes handed out below. Nothing changes them after they are made, so their JSON may be kept
 * as well (http/response-serializer.ts).
 */
const sharedShapes = new WeakSet<object>();

/** Whether a value is a shared shape (made by the functions below): the same object in every answer, never changed. */
export const isSharedShape = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && sharedShapes.has(value);

/**
 * Marks a row that a read model holds in memory already in its answer's shape (the contact list's
 * rows), never changed once made, as shared like the shapes below.
 */
export const sharedShape = <Shape extends object>(shape: Shape): Shape => {
  sharedShapes.add(shape);
  return shape;
};

/**
 * A presenter for rows held in memory that are never changed (a list's rows cache or snapshot: a
 * change brings new row objects): each row is shaped once and the shape handed out again, so a
 * page costs no date formatting or nested objects per request. The shape is shared between
 * answers, so nothing may change it.
 */
export const oncePerRow = <Row extends object, Shape extends object>(
  shape: (row: Row) => Shape,
): ((row: Row) => Shape) => {
  const shapes = new WeakMap<Row, Shape>();
  return (row) => {
    let known = shapes.get(row);
    if (known === undefined) {
      known = shape(row);
      sharedShapes.add(known);
      shapes.set(row, known);
    }
    return known;
  };
};

/**
 * The same for a row whose shape also depends on the caller through a few possible values (`key`:
 * say, the steps the caller may take, as a string): one shape per row and key, shared by every
 * caller with that key.
 */
export const oncePerRowAndKey = <Row extends object, Key, Shape extends object>(
  shape: (row: Row, key: Key) => Shape,
): ((row: Row, key: Key) => Shape) => {
  const shapes = new WeakMap<Row, Map<Key, Shape>>();
  return (row, key) => {
    let byKey = shapes.get(row);
    if (byKey === undefined) {
      byKey = new Map();
      shapes.set(row, byKey);
    }
    let known = byKey.get(key);
    if (known === undefined) {
      known = shape(row, key);
      sharedShapes.add(known);
      byKey.set(key, known);
    }
    return known;
  };
};
