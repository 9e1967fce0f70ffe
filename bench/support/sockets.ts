/** Closes every client socket of a benchmark and waits until each is closed. */
import { WebSocket } from 'ws';

export async function closeAll(sockets: readonly WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', () => resolve());
          socket.close();
        }),
    ),
  );
}
