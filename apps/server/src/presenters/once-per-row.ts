/**
 * A presenter for rows held in memory that are never changed (a list's rows cache or snapshot: a
 * change brings new row objects): each row is shaped once and the shape handed out again, so a
 * page costs no date formatting or nested objects per request. The shape is shared between
 * answers, so nothing may change it.
 */
export const oncePerRow = <Row extends object, Shape>(shape: (row: Row) => Shape): ((row: Row) => Shape) => {
  const shapes = new WeakMap<Row, Shape>();
  return (row) => {
    let known = shapes.get(row);
    if (known === undefined) {
      known = shape(row);
      shapes.set(row, known);
    }
    return known;
  };
};
