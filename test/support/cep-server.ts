/**
 * Stand-ins for the OUTSIDE postal-code services (SPEC §7 "External postal-code service", §9), the only
 * thing tests replace: a ViaCEP-shaped one and a BrasilAPI-shaped one, each a real node:http server on a
 * free local port. Modes: normal, slow (answers after N ms), broken (500, or the socket closed without an
 * answer). Every request is counted, so a test can tell a cached answer from a fresh lookup.
 *
 * Since the web's CEP cache may be the shared Redis, tests should use CEPs of their own (`freshCep()`);
 * an unknown CEP answers "not found" in the service's own way.
 */
import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type CepFlavour = 'viacep' | 'brasilapi';

export type CepMode =
  | { kind: 'normal' }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'broken'; how: '500' | 'close' };

export type StandInAddress = {
  street: string;
  complement?: string;
  neighborhood: string;
  city: string;
  state: string;
};

export type CepStandIn = {
  flavour: CepFlavour;
  /** http://127.0.0.1:<port> */
  origin: string;
  /** The template the web reads from CEP_PROVIDER_URL / CEP_FALLBACK_URL, with its `{cep}` placeholder. */
  template: string;
  /** Every CEP asked for, in order (as it appeared in the path). */
  readonly requests: string[];
  /** How many requests the server got since the start (or the last `reset`). */
  count(): number;
  /** How many requests asked for this CEP (8 digits). */
  countFor(cep: string): number;
  setMode(mode: CepMode): void;
  /** Makes a CEP known (8 digits) with this address. */
  add(cep: string, address: StandInAddress): void;
  /** ViaCEP only: answers `{erro: "true"}` (the string) for this CEP instead of `{erro: true}`. */
  answerErroAsString(cep: string): void;
  reset(): void;
  stop(): Promise<void>;
};

/** Praça da Sé, as the real services answer for 01001-000. */
export const SE: StandInAddress = {
  street: 'Praça da Sé',
  complement: 'lado ímpar',
  neighborhood: 'Sé',
  city: 'São Paulo',
  state: 'SP',
};

/** An 8-digit CEP no earlier run has used (the Redis cache outlives a run), never starting with 0. */
export function freshCep(): string {
  return String(randomInt(10_000_000, 99_999_999));
}

/** 01001000 -> 01001-000 */
export function maskedCep(cep: string): string {
  return `${cep.slice(0, 5)}-${cep.slice(5)}`;
}

function json(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export async function startCepStandIn(flavour: CepFlavour): Promise<CepStandIn> {
  const known = new Map<string, StandInAddress>([['01001000', SE]]);
  const erroAsString = new Set<string>();
  const requests: string[] = [];
  let mode: CepMode = { kind: 'normal' };
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();

  const pattern = flavour === 'viacep' ? /^\/ws\/([^/]*)\/json\/?$/ : /^\/api\/cep\/v1\/([^/]*)$/;

  function answer(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const match = pattern.exec(path);
    if (!match) return json(res, 404, { message: 'not here' });
    const cep = decodeURIComponent(match[1] ?? '');
    requests.push(cep);

    if (mode.kind === 'broken') {
      if (mode.how === 'close') {
        req.socket.destroy();
        return;
      }
      return json(res, 500, { message: 'Internal Server Error' });
    }

    const reply = () => {
      if (flavour === 'viacep') {
        // ViaCEP: a CEP that is not 8 digits is a 400 (an HTML page), an unknown one a 200 with erro.
        if (!/^\d{8}$/.test(cep)) {
          res.writeHead(400, { 'content-type': 'text/html' });
          res.end('<h1>Http 400</h1><h3>Verifique a URL</h3>');
          return;
        }
        const a = known.get(cep);
        if (!a) return json(res, 200, { erro: erroAsString.has(cep) ? 'true' : true });
        return json(res, 200, {
          cep: maskedCep(cep),
          logradouro: a.street,
          complemento: a.complement ?? '',
          unidade: '',
          bairro: a.neighborhood,
          localidade: a.city,
          uf: a.state,
          estado: '',
          regiao: '',
          ibge: '3550308',
          gia: '1004',
          ddd: '11',
          siafi: '7107',
        });
      }
      // BrasilAPI: 400 for a malformed CEP, 404 for an unknown one.
      if (!/^\d{8}$/.test(cep)) {
        return json(res, 400, {
          name: 'CepPromiseError',
          message: 'CEP deve conter exatamente 8 caracteres.',
          type: 'validation_error',
        });
      }
      const a = known.get(cep);
      if (!a) {
        return json(res, 404, {
          name: 'CepPromiseError',
          message: 'Todos os serviços de CEP retornaram erro.',
          type: 'service_error',
        });
      }
      return json(res, 200, {
        cep,
        state: a.state,
        city: a.city,
        neighborhood: a.neighborhood,
        street: a.street,
        service: 'stand-in',
      });
    };

    if (mode.kind === 'slow') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) reply();
      }, mode.delayMs);
      timers.add(timer);
      return;
    }
    reply();
  }

  const server = createServer(answer);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    flavour,
    origin,
    template: flavour === 'viacep' ? `${origin}/ws/{cep}/json/` : `${origin}/api/cep/v1/{cep}`,
    requests,
    count: () => requests.length,
    countFor: (cep) => requests.filter((r) => r === cep).length,
    setMode(next) {
      mode = next;
    },
    add(cep, address) {
      known.set(cep, address);
    },
    answerErroAsString(cep) {
      erroAsString.add(cep);
    },
    reset() {
      requests.length = 0;
      mode = { kind: 'normal' };
    },
    async stop() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
