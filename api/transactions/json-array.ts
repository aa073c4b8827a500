/**
 * Sends a long list as a JSON array written in pieces: a year of cash (hundreds of thousands of entries)
 * never becomes one giant object graph and one giant string at once, and the first bytes leave while
 * the rest is still being written. Short lists go out as usual (res.json).
 */
import type { Response } from 'express';

const PIECE = 2000;

export async function sendJsonArray<T>(
  res: Response,
  items: readonly T[],
  toJson: (item: T) => unknown,
): Promise<void> {
  if (items.length <= PIECE) {
    res.json(items.map(toJson));
    return;
  }
  res.status(200).type('application/json');
  for (let start = 0; start < items.length; start += PIECE) {
    const piece = items
      .slice(start, start + PIECE)
      .map((item) => JSON.stringify(toJson(item)))
      .join(',');
    const ready = res.write(`${start === 0 ? '[' : ','}${piece}`);
    if (res.destroyed) return; // the caller went away: nothing more to send
    if (!ready) {
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
      if (res.destroyed) return;
    }
  }
  res.end(']');
}
