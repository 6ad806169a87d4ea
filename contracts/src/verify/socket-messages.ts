/**
 * Verifying the realtime (message) pacts against a running backend, the way the client receives
 * them: the states are set up through the state-change endpoint, a socket.io client connects to
 * the namespace the pact names with the state's `accessToken` as the query value `token`, the
 * states are POSTed again with `action: "trigger"`, and the payload received under the pact's
 * event name is what Pact compares. Nothing received within the wait fails the interaction.
 */
import { io, type Socket } from 'socket.io-client';
import { EVENT_METADATA } from '../names';
import type { MessageInteraction, PactFile } from '../pact-file';

type JsonMap = Record<string, unknown>;

/** How long to wait for a connection and for the event: the expiry state's token lives 1.5 s. */
export const EVENT_WAIT_MS = 5_000;
/** Events the server sends on connection (such as the online list) arrive within this and are ignored. */
const SETTLE_MS = 150;

export interface StateCall {
  readonly state: string;
  readonly params: JsonMap;
  readonly answer: JsonMap | undefined;
}

/**
 * The states set up for the interaction being verified, in order. The state handlers append to
 * it; the message provider takes (and clears) it, since Pact sets up an interaction's states
 * right before it asks for the message.
 */
export class StateJournal {
  private calls: StateCall[] = [];

  record(call: StateCall): void {
    this.calls.push(call);
  }

  take(): StateCall[] {
    const calls = this.calls;
    this.calls = [];
    return calls;
  }
}

export async function postState(
  stateUrl: string,
  body: { state: string; params: JsonMap; action: 'setup' | 'trigger' },
): Promise<JsonMap | undefined> {
  const response = await fetch(stateUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`state '${body.state}' (${body.action}) failed with HTTP ${response.status}: ${text}`);
  if (text.trim() === '') return undefined;
  const answer: unknown = JSON.parse(text);
  return typeof answer === 'object' && answer !== null && !Array.isArray(answer)
    ? (answer as JsonMap)
    : undefined;
}

interface MessageWithMetadata {
  __pactMessageMetadata: Record<string, string>;
  message: unknown;
}

const metadataOf = (interaction: MessageInteraction): Record<string, string> =>
  Object.fromEntries(Object.entries(interaction.metadata ?? {}).map(([key, value]) => [key, String(value)]));

/** The last `accessToken` the interaction's states answered (a later state may mint its own). */
function tokenOf(calls: readonly StateCall[], description: string): string {
  const token = calls.map((call) => call.answer?.accessToken).findLast((value) => typeof value === 'string');
  if (typeof token !== 'string') {
    throw new Error(
      `"${description}": none of its states (${calls.map((call) => call.state).join(', ') || 'none'}) answered an accessToken to connect the socket with`,
    );
  }
  return token;
}

function connect(baseUrl: string, namespace: string, token: string): Promise<Socket> {
  const socket = io(`${baseUrl}${namespace}`, {
    query: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: EVENT_WAIT_MS,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error: Error) => {
      socket.close();
      reject(new Error(`socket.io ${namespace} refused the state's token: ${error.message}`));
    });
  });
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Receives one `event` on an open socket, sent after `trigger` was called. */
async function receive(socket: Socket, event: string, trigger: () => Promise<void>): Promise<unknown> {
  await delay(SETTLE_MS);
  let timer: NodeJS.Timeout | undefined;
  const received = new Promise<unknown>((resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no '${event}' event arrived within ${EVENT_WAIT_MS} ms of the trigger`)),
      EVENT_WAIT_MS,
    );
    socket.once(event, (payload: unknown) => resolve(payload));
    socket.once('disconnect', (reason) =>
      reject(new Error(`the socket closed before '${event}': ${reason}`)),
    );
  });
  try {
    await trigger();
    return await received;
  } finally {
    clearTimeout(timer);
    socket.removeAllListeners(event);
    socket.removeAllListeners('disconnect');
  }
}

/**
 * One message provider per message interaction of the pact, producing the payload that actually
 * arrived over socket.io from `baseUrl`. `journal` holds the states Pact set up just before.
 */
export function socketMessageProviders(
  pact: PactFile,
  target: { baseUrl: string; stateUrl: string | undefined },
  journal: StateJournal,
): Record<string, () => Promise<MessageWithMetadata>> {
  const providers: Record<string, () => Promise<MessageWithMetadata>> = {};
  for (const interaction of pact.interactions) {
    if (interaction.type !== 'Asynchronous/Messages') continue;
    const metadata = metadataOf(interaction);
    const event = metadata[EVENT_METADATA];
    const namespace = metadata.namespace;
    providers[interaction.description] = async () => {
      const calls = journal.take();
      const { stateUrl } = target;
      if (stateUrl === undefined)
        throw new Error('realtime pacts need --state-url to set up and trigger events');
      if (event === undefined || namespace === undefined)
        throw new Error(`"${interaction.description}" names no event and namespace in its metadata`);
      const socket = await connect(target.baseUrl, namespace, tokenOf(calls, interaction.description));
      try {
        const payload = await receive(socket, event, async () => {
          for (const call of calls)
            await postState(stateUrl, { state: call.state, params: call.params, action: 'trigger' });
        });
        return {
          __pactMessageMetadata: { ...metadata, [EVENT_METADATA]: event, namespace },
          message: payload,
        };
      } finally {
        socket.close();
      }
    };
  }
  return providers;
}
