/**
 * The status link as a QR code: an SVG drawn on the server by `qrcode` (decision 020). Vector, so it
 * prints sharp at 300 dpi or any other; medium error correction survives a smudged ticket.
 */
import QRCode from 'qrcode';

export async function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The SVG as a data: address for an <img> (the pages' CSP allows data: images, never inline markup). */
export async function qrDataUrl(text: string): Promise<string> {
  return `data:image/svg+xml;base64,${Buffer.from(await qrSvg(text)).toString('base64')}`;
}
