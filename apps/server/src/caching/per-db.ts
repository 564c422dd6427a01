/**
 * One value per database handle (a cache, a prepared query), made on first use: two apps in one process (tests)
 * never share entries, and a handle that is gone takes its value with it.
 */
export function perDb<D extends object, T>(make: (db: D) => T): (db: D) => T {
  const values = new WeakMap<D, T>();
  return (db) => {
    let value = values.get(db);
    if (value === undefined) values.set(db, (value = make(db)));
    return value;
  };
}
