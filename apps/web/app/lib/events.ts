import { type Clock, systemClock } from "./platform.js";

export const EVENT_SPEC_VERSION = "1.0.1";
export const DEFAULT_DATA_CONTENT_TYPE = "application/json";
export const DEFAULT_EVENT_SOURCE = "nimbus-web";

/** The event envelope of spec §3 (CloudEvents-style). */
export interface EventEnvelope<Type extends string = string, Data = unknown> {
  specversion: typeof EVENT_SPEC_VERSION;
  id: string;
  type: Type;
  source: string;
  /** ISO 8601. */
  time: string;
  datacontenttype: string;
  dataschema?: string;
  subject?: string;
  data?: Data;
}

export interface EventInit<Type extends string, Data> {
  type: Type;
  data?: Data;
  source?: string;
  subject?: string;
  dataschema?: string;
  datacontenttype?: string;
  id?: string;
}

export interface EventFactoryOptions {
  now?: Clock;
  newId?: () => string;
}

export function createEvent<Type extends string, Data>(
  init: EventInit<Type, Data>,
  { now = systemClock, newId = () => globalThis.crypto.randomUUID() }: EventFactoryOptions = {},
): EventEnvelope<Type, Data> {
  const envelope: EventEnvelope<Type, Data> = {
    specversion: EVENT_SPEC_VERSION,
    id: init.id ?? newId(),
    type: init.type,
    source: init.source ?? DEFAULT_EVENT_SOURCE,
    time: new Date(now()).toISOString(),
    datacontenttype: init.datacontenttype ?? DEFAULT_DATA_CONTENT_TYPE,
  };
  if (init.dataschema !== undefined) envelope.dataschema = init.dataschema;
  if (init.subject !== undefined) envelope.subject = init.subject;
  if (init.data !== undefined) envelope.data = init.data;
  return envelope;
}

/** The client events of spec §4. */
export const CLIENT_EVENTS = [
  "AFTER_LOGIN",
  "LOGIN_FAILED",
  "LOGOUT_SUCCESS",
  "RESTORE_SAVING",
  "RESTORE_STATUS",
  "RESTORE_CLICK",
  "PLAYER_RESTORE",
  "JUMP_TO_VIP",
] as const;
export type ClientEventType = (typeof CLIENT_EVENTS)[number];

/**
 * The data each client event carries. The spec does not show payloads, so each is
 * `unknown` here; a feature narrows its own event by augmenting this interface.
 */
export interface ClientEventData extends Record<ClientEventType, unknown> {}

export type ClientEvent<Type extends ClientEventType = ClientEventType> = EventEnvelope<
  Type,
  ClientEventData[Type]
>;

export type ClientEventListener<Type extends ClientEventType> = (event: ClientEvent<Type>) => void;

export interface ClientEventEmitter {
  /** Listens; the returned function stops listening. */
  on<Type extends ClientEventType>(type: Type, listener: ClientEventListener<Type>): () => void;
  /** Wraps the data in an envelope and calls the listeners; returns the envelope. */
  emit<Type extends ClientEventType>(
    type: Type,
    data?: ClientEventData[Type],
    init?: Omit<EventInit<Type, ClientEventData[Type]>, "type" | "data">,
  ): ClientEvent<Type>;
}

/**
 * A tiny typed emitter. Every listener runs even when one throws; the first
 * error is rethrown after all of them ran.
 */
export function createClientEventEmitter(options: EventFactoryOptions = {}): ClientEventEmitter {
  const listeners = new Map<ClientEventType, Set<(event: ClientEvent) => void>>();
  return {
    on(type, listener) {
      const set = listeners.get(type) ?? new Set();
      listeners.set(type, set);
      const wrapped = listener as (event: ClientEvent) => void;
      set.add(wrapped);
      return () => {
        set.delete(wrapped);
      };
    },
    emit(type, data, init = {}) {
      const event = createEvent({ ...init, type, data }, options);
      const errors: unknown[] = [];
      for (const listener of [...(listeners.get(type) ?? [])]) {
        try {
          listener(event);
        } catch (error) {
          errors.push(error);
        }
      }
      if (errors.length > 0) throw errors[0];
      return event;
    },
  };
}
