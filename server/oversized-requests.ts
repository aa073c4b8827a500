/**
 * Node refuses a request whose address and headers pass its 16 kB before Express sees it (431), with an
 * empty answer: a browser then shows a blank page. That happens to a link pasted twice into the address
 * bar, or a search typed there far past the fields' 200 characters. This answers it as the web answers
 * its other refusals, with a short page in pt-BR; any other broken request is closed as Node would.
 */
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

const TOO_LONG_PAGE = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Endereço longo demais</title></head><body><h1>Endereço longo demais</h1><p>O endereço pedido é longo demais. Volte e tente de novo com uma busca mais curta.</p></body></html>`;

function answer(status: string, body = ''): string {
  const length = Buffer.byteLength(body);
  const type = body ? 'Content-Type: text/html; charset=utf-8\r\n' : '';
  return `HTTP/1.1 ${status}\r\n${type}Content-Length: ${length}\r\nConnection: close\r\n\r\n${body}`;
}

export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    if (err.code === 'HPE_HEADER_OVERFLOW')
      socket.end(answer('431 Request Header Fields Too Large', TOO_LONG_PAGE));
    else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') socket.end(answer('408 Request Timeout'));
    else socket.end(answer('400 Bad Request'));
  });
}
