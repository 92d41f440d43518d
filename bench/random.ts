/** A seeded source of numbers: the same seed writes the same store, so runs compare. */
export type Random = {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number in [min, max], both included. */
  int(min: number, max: number): number;
  /** Any item, each as likely. */
  pick<Item>(items: readonly Item[]): Item;
  /** An item, the first ones more often: word use in real text is skewed the same way. */
  pickSkewed<Item>(items: readonly Item[]): Item;
};

/** mulberry32: tiny, fast and good enough to vary benchmark text (not for anything secret). */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const at = <Item>(items: readonly Item[], fraction: number): Item => {
    const item = items[Math.floor(fraction * items.length)];
    if (item === undefined) throw new Error('cannot pick from an empty list');
    return item;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => at(items, next()),
    // Squaring a uniform number piles the picks up at the start of the list.
    pickSkewed: (items) => at(items, next() ** 2),
  };
}
