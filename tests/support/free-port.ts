/** A free TCP port of 127.0.0.1, for a server whose configuration wants a port number (e.g. PORT of the api). */
import { createServer } from 'node:net';

/** @returns a port that was free a moment ago (the OS picked it for a listener that is closed again). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
