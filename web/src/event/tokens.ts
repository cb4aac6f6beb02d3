// The event tokens this browser keeps: the organiser's (of an event it created, or given by the
// organiser's link), in localStorage; a player's seat (given by their link), in sessionStorage,
// for this tab only. Links carry them in the fragment, which the browser never sends.

const organiserKey = (id: string) => `chess960.event.${id}.organiser`;
const seatKey = (id: string) => `chess960.event.${id}.seat`;
const playerKey = (id: string) => `chess960.event.${id}.player`;

export function loadOrganiserToken(id: string): string | null {
  return localStorage.getItem(organiserKey(id));
}
export function saveOrganiserToken(id: string, token: string): void {
  localStorage.setItem(organiserKey(id), token);
}

export function loadSeatToken(id: string): string | null {
  return sessionStorage.getItem(seatKey(id));
}
export function saveSeatToken(id: string, token: string): void {
  sessionStorage.setItem(seatKey(id), token);
}

// A paired event's player token (their link, or the join form's answer), in localStorage.
export function loadPlayerToken(id: string): string | null {
  return localStorage.getItem(playerKey(id));
}
export function savePlayerToken(id: string, token: string): void {
  localStorage.setItem(playerKey(id), token);
}
