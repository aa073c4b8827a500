/**
 * Load shedding: past `maxInFlight` pages being answered at once, a page asked for is refused at once
 * with a short 503 that reloads itself, instead of joining a queue that only grows while more arrive
 * than are answered, until the process runs out of memory (decision 026). Forms (POST) are never
 * refused here: they carry someone's typing or money, and are few.
 */
import type { RequestHandler } from 'express';

/** The page a refused request gets: plain, tiny, in the shop's language, trying again by itself. */
const BUSY_PAGE = `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta http-equiv="refresh" content="3"><title>Sistema ocupado</title></head>
<body><h1>Sistema ocupado</h1><p>Muitas páginas pedidas ao mesmo tempo. Esta página tenta de novo sozinha em alguns segundos.</p></body>
</html>`;

export function shedLoad(maxInFlight: number): RequestHandler {
  let inFlight = 0;
  return (req, res, next) => {
    const page = req.method === 'GET' || req.method === 'HEAD';
    if (page && inFlight >= maxInFlight) {
      res.status(503).set({ 'Retry-After': '3', 'Cache-Control': 'no-store' }).type('html').send(BUSY_PAGE);
      return;
    }
    inFlight++;
    let counted = true;
    const done = () => {
      if (counted) inFlight--;
      counted = false;
    };
    // 'close' also comes when the browser gives up before the answer: the slot is freed either way.
    res.once('finish', done);
    res.once('close', done);
    next();
  };
}
