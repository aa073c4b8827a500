/** Small helpers shared by the bench's parts. */

/** Runs `work` for each item, `width` at a time. */
export async function eachLimited<T, R>(items: T[], width: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i] as T);
      }
    }),
  );
  return results;
}
