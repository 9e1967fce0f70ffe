/**
 * One WebSocket to the site's live hub (decision 0009: `/web-api/live/v1/ws`, snapshot then
 * numbered deltas) for one public topic of a shared game. The game runs on the site's own
 * origin (/rgs/app/), so the socket is same-origin. On a drop it reconnects with back-off and
 * resumes from the last number (the hub answers the missed deltas or a fresh snapshot).
 */
import { useEffect, useRef, useState } from 'react';
import { applyDelta, EMPTY_STATE, fromSnapshot, type SharedDelta, type SharedSnapshot, type SharedState } from './shared-state.ts';

/** The contracts' LIVE_WS_PATH and casinoLiveTopic (not imported: they would bring zod into the bundle). */
const LIVE_WS_PATH = '/web-api/live/v1/ws';
export const topicOf = (engine: string, room = ''): string => (room ? `casino:${engine}:${room}` : `casino:${engine}`);

interface ServerMessage {
  type: string;
  topic?: string;
  seq?: number;
  data?: unknown;
}

export function useSharedTopic(engine: string, room = ''): { state: SharedState; connected: boolean } {
  const [state, setState] = useState<SharedState>(EMPTY_STATE);
  const [connected, setConnected] = useState(false);
  const seq = useRef<number | null>(null);

  useEffect(() => {
    const topic = topicOf(engine, room);
    // Another topic (a room changed): nothing of the last one may stay on screen or be resumed.
    setState(EMPTY_STATE);
    seq.current = null;
    let socket: WebSocket | null = null;
    let closed = false;
    let retry = 500;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = (): void => {
      const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_WS_PATH}`;
      socket = new WebSocket(url);
      socket.onopen = () => {
        retry = 500;
        setConnected(true);
        socket?.send(JSON.stringify({ type: 'subscribe', topic, ...(seq.current !== null ? { fromSeq: seq.current } : {}) }));
      };
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as ServerMessage;
        if (message.topic !== topic) return;
        if (message.type === 'snapshot') {
          seq.current = message.seq ?? null;
          setState(fromSnapshot(message.data as SharedSnapshot, Date.now()));
        } else if (message.type === 'delta') {
          seq.current = message.seq ?? seq.current;
          setState((s) => applyDelta(s, message.data as SharedDelta, Date.now()));
        } else if (message.type === 'resumed') {
          seq.current = message.seq ?? seq.current;
        }
      };
      socket.onclose = () => {
        setConnected(false);
        if (closed) return;
        timer = setTimeout(connect, retry + Math.random() * 250);
        retry = Math.min(retry * 2, 15_000);
      };
    };
    connect();
    return () => {
      closed = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [engine, room]);

  return { state, connected };
}

/** The server's time now, ticking every `everyMs` (for countdowns and the crash curve). */
export function useServerNow(offsetMs: number, everyMs = 250): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    setNow(Date.now() + offsetMs);
    const id = setInterval(() => setNow(Date.now() + offsetMs), everyMs);
    return () => clearInterval(id);
  }, [offsetMs, everyMs]);
  return now;
}
