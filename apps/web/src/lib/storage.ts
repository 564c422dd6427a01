/** Web storage that never throws (private mode, disabled storage, quota): the app works without it. */
function safe(storage: () => Storage) {
  return {
    get(key: string): string | null {
      try {
        return storage().getItem(key);
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        storage().setItem(key, value);
      } catch {
        // Remembering is a convenience only.
      }
    },
    remove(key: string): void {
      try {
        storage().removeItem(key);
      } catch {
        // Same as above.
      }
    },
  };
}

export const local = safe(() => window.localStorage);
export const session = safe(() => window.sessionStorage);
