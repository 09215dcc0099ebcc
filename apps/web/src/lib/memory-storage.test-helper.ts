/**
 * A localStorage for unit tests that run without a DOM: each test installs a fresh one.
 *
 * @example beforeEach(() => installMemoryStorage());
 */
class MemoryStorage {
  private readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  get length() {
    return this.map.size;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
}

export function installMemoryStorage(): void {
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
}
