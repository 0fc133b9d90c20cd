import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import tls from "node:tls";
import type { SsrfGuard } from "./ssrf-guard.js";

const HEADERS_TIMEOUT_MS = 30_000;
const BODY_TIMEOUT_MS = 60_000;
/** Size of the buffer every connection reads into until its body is taken over (Node's own read size). */
const HEADER_READ_BYTES = 64 * 1024;

export interface GuardedAnswer {
  statusCode: number;
  headers: IncomingMessage["headers"];
  body: IncomingMessage;
  /**
   * Takes the rest of the body from the socket itself, past Node's HTTP parser (decision 0083):
   * every later read lands where `receiver.room()` says and is handed to `receiver.received`.
   * Returns the body bytes the parser took before, in order. Only for a body whose length
   * `content-length` gives (no `transfer-encoding`): the caller counts the bytes, and destroys
   * `body` once it has them all (the connection is not reused).
   */
  takeOver(receiver: RawReceiver): Buffer[];
}

/** Where a taken-over body's reads land. */
export interface RawReceiver {
  /** Room for the next read (64 KiB or more), untouched until `received`; undefined when full. */
  room(): Buffer | undefined;
  /**
   * `bytes` were read: into the last room given (`inRoom`), or else into a shared buffer
   * (copied before returning: it is read into again).
   */
  received(bytes: Buffer, inRoom: boolean): void;
}

/**
 * Every connection reads through `onread` (the agent passes it to `net.connect`/`tls.connect`):
 * into one shared 64 KiB buffer whose bytes go straight to the socket's HTTP parser, which
 * copies what it keeps (headers into strings, the body into `Buffer`s of its own) before the
 * next read of any socket, until a body is taken over; then into its receiver's room.
 */
interface ReadState {
  receiver?: RawReceiver;
  /** The room the pending read was given. */
  room?: Buffer;
}

let headerBuffer: Buffer | undefined;

function readThrough(state: ReadState) {
  return {
    buffer: (): Buffer => {
      state.room = state.receiver?.room();
      headerBuffer ??= Buffer.allocUnsafe(HEADER_READ_BYTES);
      return state.room ?? headerBuffer;
    },
    callback(this: Socket, nread: number, buffer: Buffer): boolean {
      const bytes = buffer.subarray(0, nread);
      if (state.receiver) state.receiver.received(bytes, buffer === state.room);
      else this.emit("data", bytes);
      return true; // a parser or receiver that wants a rest pauses the socket, which stops the reads
    },
  };
}

const READ_STATE = Symbol("nimbus.readState");

/** What `http.Agent` calls to open a connection (not in its typings). */
type Connect = (options: object, callback?: unknown) => Socket;

/** Makes `agent` connect with `onread` and keep each socket's read state on it. */
function readingThrough<A extends http.Agent>(agent: A): A {
  const connecting = agent as unknown as { createConnection: Connect };
  const connect = connecting.createConnection.bind(agent);
  connecting.createConnection = (options, callback) => {
    const state: ReadState = {};
    const socket = connect({ ...options, onread: readThrough(state) }, callback);
    (socket as Socket & { [READ_STATE]?: ReadState })[READ_STATE] = state;
    return socket;
  };
  return agent;
}

/**
 * One GET with `node:http`/`node:https` (not undici's `fetch`: its body reached 0.61× curl
 * receiving, decision 0080) whose every connection resolves its name through the guard's
 * `connectLookup`: the socket goes to an address the guard checked, never to a second answer.
 * An address literal skips the lookup; the caller checks it with `guard.resolveAllowed`
 * before calling. Redirects are not followed here.
 */
export class GuardedGet {
  private readonly agents: { http: http.Agent; https: https.Agent };

  /** `ca`: certificates trusted besides the system's. */
  constructor(
    private readonly guard: SsrfGuard,
    ca?: string,
  ) {
    const options = {
      keepAlive: true,
      maxSockets: 64,
      lookup: guard.connectLookup as never,
    };
    this.agents = {
      http: readingThrough(new http.Agent(options)),
      https: readingThrough(
        new https.Agent({ ...options, ...(ca && { ca: [...tls.rootCertificates, ca] }) }),
      ),
    };
  }

  open(url: URL, headers: Record<string, string>, signal: AbortSignal): Promise<GuardedAnswer> {
    const secure = url.protocol === "https:";
    const agent = secure ? this.agents.https : this.agents.http;
    const request = (secure ? https.request : http.request)(url, {
      method: "GET",
      agent,
      lookup: this.guard.connectLookup as never,
      headers,
      signal,
    });
    return new Promise((resolve, reject) => {
      request.setTimeout(HEADERS_TIMEOUT_MS, () => request.destroy(new Error("no answer in time")));
      request.once("error", reject);
      request.once("response", (body: IncomingMessage) => {
        request.setTimeout(BODY_TIMEOUT_MS, () => request.destroy(new Error("the body stalled")));
        body.on("error", () => undefined);
        resolve({
          statusCode: body.statusCode ?? 0,
          headers: body.headers,
          body,
          takeOver: (receiver) => takeOver(body, receiver),
        });
      });
      request.end();
    });
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}

function takeOver(body: IncomingMessage, receiver: RawReceiver): Buffer[] {
  const socket = body.socket as (Socket & { [READ_STATE]?: ReadState }) | null;
  const state = socket?.[READ_STATE];
  if (!socket || !state) throw new Error("the connection cannot be taken over");
  // The parser stops here (unless it has the whole body already, and the connection goes back
  // to the agent): what it took is in the answer's buffer, the rest goes to `receiver`.
  if (!body.complete) state.receiver = receiver;
  const before: Buffer[] = [];
  for (let chunk = body.read() as Buffer | null; chunk; chunk = body.read() as Buffer | null)
    before.push(chunk);
  if (!body.complete) socket.resume();
  return before;
}

/** Drops a body we will not read (its abort error is expected, not a fault). */
export function discard(body: IncomingMessage): void {
  body.on("error", () => undefined);
  body.destroy();
}
