/**
 * Sends a long list as a JSON array written in pieces, as its chunks come from the database: a year of
 * cash (hundreds of thousands of entries) never becomes one giant object graph and one giant string at
 * once, only one chunk at a time is in memory, and the first bytes leave while the rest is still being
 * read. A list of one chunk goes out as usual (res.json).
 */
import type { Response } from 'express';

/** Resolves once the socket takes more (or is gone). */
function drained(res: Response): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

export async function sendJsonArray<T>(
  res: Response,
  chunks: AsyncIterable<readonly T[]>,
  toJson: (item: T) => unknown,
): Promise<void> {
  const iterator = chunks[Symbol.asyncIterator]();
  try {
    const first = await iterator.next();
    const second = first.done ? first : await iterator.next();
    if (second.done) {
      res.json((first.done ? [] : first.value).map(toJson));
      return;
    }
    res.status(200).type('application/json');
    let opened = false;
    for (let next: IteratorResult<readonly T[]> = first; !next.done; ) {
      const piece = next.value.map((item) => JSON.stringify(toJson(item))).join(',');
      const ready = res.write(`${opened ? ',' : '['}${piece}`);
      opened = true;
      if (!ready && !res.destroyed) await drained(res);
      // The caller went away: stop reading the database for nobody.
      if (res.destroyed) return;
      next = next === first ? second : await iterator.next();
    }
    res.end(']');
  } finally {
    await iterator.return?.();
  }
}
