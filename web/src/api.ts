// The service over the Connect protocol, from the page's own origin; the player's token
// is kept in the browser's storage and sent in the authorization header, never in a URL.

import { Code, ConnectError, createClient, type Interceptor } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-web";
import { Language, TableService } from "./gen/speedgamez/v1/table_service_pb";
import { language, t, verbatim, type Text } from "./messages";

const TOKEN_KEY = "speedgamez.token";
const NAME_KEY = "speedgamez.name";
const PLAYER_KEY = "speedgamez.player";

export const session = {
  get token(): string | null {
    return localStorage.getItem(TOKEN_KEY);
  },
  get name(): string {
    return localStorage.getItem(NAME_KEY) ?? "";
  },
  get playerId(): string {
    return localStorage.getItem(PLAYER_KEY) ?? "";
  },
  keep(token: string, name: string, playerId: string): void {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(NAME_KEY, name);
    localStorage.setItem(PLAYER_KEY, playerId);
  },
  forget(): void {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(PLAYER_KEY);
  },
};

const authorize: Interceptor = (next) => async (request) => {
  const token = session.token;
  if (token) request.header.set("authorization", `Bearer ${token}`);
  return next(request);
};

export const api = createClient(
  TableService,
  createConnectTransport({ baseUrl: location.origin, useBinaryFormat: true, interceptors: [authorize] }),
);

/** Whether a call failed on the way (no network, the server out of reach), not at the server. */
export function unreachable(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (!(error instanceof ConnectError)) return false;
  // The browser's own words for a request that never got an answer ("Failed to fetch",
  // "NetworkError when attempting to fetch resource", "Load failed").
  return error.code === Code.Unavailable || (error.code === Code.Unknown && /fetch|network|load failed/i.test(error.rawMessage));
}

/** The message of a failed call, as the server wrote it (without the code's prefix); a call
 * that never reached the server says so in words. */
export function problem(error: unknown): Text {
  if (unreachable(error)) return t("reconnecting");
  if (error instanceof ConnectError) return verbatim(error.rawMessage);
  return verbatim(error instanceof Error ? error.message : String(error));
}

/** The language the server is to write its own texts in (labels, reasons, settlement
 * lines, the games' titles and options): the page's. */
export function serverLanguage(): Language {
  return language() === "de" ? Language.GERMAN : Language.ENGLISH;
}

export function isCode(error: unknown, code: Code): boolean {
  return error instanceof ConnectError && error.code === code;
}

export { Code };

/** A request id of the player's own: one per decision, reused only for its retries. */
export function requestId(): string {
  // getRandomValues, unlike randomUUID, works on plain http too (a LAN address).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
